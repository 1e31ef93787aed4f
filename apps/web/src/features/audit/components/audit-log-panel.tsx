import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditVerifyResult } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { LoadMoreButton } from '../../../components/ui/button.tsx';
import { browserTimeZone, formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { auditLogQuery, useDownloadAuditCsv, useVerifyAudit } from '../api.ts';
import { type AuditFilterState, EMPTY_FILTERS, verifyMessage } from '../audit-model.ts';
import '../translations.ts';
import { AuditFilters } from './audit-filters.tsx';
import { AuditTable } from './audit-table.tsx';

/**
 * The audit log for the security page: the workspace's owner reads their workspace's log, an
 * administrator also the whole installation's. Anyone else sees nothing (the server refuses them too).
 */
export function AuditLogPanel() {
  const session = useSession();
  const me = session.me;
  const isAdmin = session.hasRole('admin');
  // The owner in a managing role: the API serves the log to those roles only, so an owner whose
  // role an administrator lowered to operator or viewer is not shown a panel that would be refused.
  const isOwner = Boolean(me && me.workspace.ownerId === me.user.uid) && session.hasAnyRole(['manager', 'admin']);
  if (!me || (!isAdmin && !isOwner)) return null;
  return <Panel isAdmin={isAdmin} timeZone={me.user.preferences.timezone ?? browserTimeZone()} />;
}

function Panel({ isAdmin, timeZone }: { isAdmin: boolean; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const [filters, setFilters] = useState<AuditFilterState>(EMPTY_FILTERS);
  // Typing a name waits for a pause; the other filters apply at once.
  const person = useDebouncedValue(filters.person, 300);
  const applied = { ...filters, person };
  const query = useInfiniteQuery(auditLogQuery(applied));
  const verify = useVerifyAudit();
  const download = useDownloadAuditCsv();
  const [verified, setVerified] = useState<{ result: AuditVerifyResult; installation: boolean } | null>(null);
  const entries = query.data?.pages.flatMap((p) => p.items) ?? [];

  const runVerify = () =>
    verify.mutate(filters.installation, {
      onSuccess: (result) => setVerified({ result, installation: filters.installation }),
    });
  const shown = verified && verified.installation === filters.installation ? verified.result : null;
  const message = shown && verifyMessage(shown);

  return (
    <Card title={t('audit.title')} className="min-w-0">
      <p className="mb-4 text-sm text-muted">{t('audit.description')}</p>
      <AuditFilters value={filters} onChange={setFilters} isAdmin={isAdmin} timeZone={timeZone} />
      <div className="my-4 flex flex-wrap gap-2">
        <Button variant="secondary" busy={verify.isPending} onClick={runVerify}>
          {verify.isPending ? t('audit.verifying') : t('audit.verify')}
        </Button>
        <Button
          variant="secondary"
          busy={download.isPending}
          onClick={() =>
            download.mutate(applied, {
              onSuccess: (name) => toast({ kind: 'success', text: t('audit.downloaded', { name }) }),
            })
          }
        >
          {t('audit.download')}
        </Button>
      </div>
      <div aria-live="polite">
        {verify.isError && <Banner tone="error">{errorText(verify.error)}</Banner>}
        {shown && message && (
          <Banner tone={shown.ok ? 'success' : 'error'} className="mb-4" data-testid="audit-verify-result">
            {t(message.key, {
              ...message.values,
              time: shown.brokenAt ? formatDateTime(shown.brokenAt.at, timeZone, i18n.language, 'second') : '',
            })}
          </Banner>
        )}
        {download.isError && <Banner tone="error">{errorText(download.error)}</Banner>}
      </div>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{errorText(query.error)}</Banner>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted">{t('audit.empty')}</p>
      ) : (
        <AuditTable entries={entries} timeZone={timeZone} />
      )}
      <LoadMoreButton list={query} label={t('audit.loadMore')} className="mt-4" />
    </Card>
  );
}
