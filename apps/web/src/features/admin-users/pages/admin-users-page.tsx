import type { Role } from '@vigil/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadMoreButton } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorKey } from '../../../lib/errors.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { TOPIC_ADMIN_USERS } from '../../../lib/realtime.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { adminUsersKey, usersQuery } from '../api.ts';
import { UsersFilters } from '../components/users-filters.tsx';
import { UsersTable } from '../components/users-table.tsx';
import '../translations.ts';

const SEARCH_DEBOUNCE_MS = 300;

export function AdminUsersPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useInfiniteQuery(usersQuery({ q, role }));

  // Another admin (or the user) changed a document: the list shows it without a reload.
  useRealtimeEvent(TOPIC_ADMIN_USERS, () => void queryClient.invalidateQueries({ queryKey: adminUsersKey }));

  const users = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <PageHeader title={t('pages.admin.users')} description={t('pages.admin.users.desc')} />
      <UsersFilters search={search} onSearch={setSearch} role={role} onRole={setRole} />
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{t(errorKey(query.error instanceof ApiError ? query.error.code : 'unknown'))}</Banner>
      ) : users.length === 0 ? (
        <p className="rounded-lg border border-line bg-surface p-6 text-center text-muted">{t('adminUsers.empty')}</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted" aria-live="polite">
            {t('adminUsers.shown', { count: users.length })}
          </p>
          <UsersTable users={users} selfUid={me?.user.uid ?? ''} timeZone={me?.user.preferences.timezone ?? 'UTC'} />
          <LoadMoreButton list={query} label={t('adminUsers.loadMore')} className="mt-4 flex justify-center" />
        </>
      )}
    </>
  );
}
