import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOPIC_ADMIN_USERS } from '../../../lib/realtime.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { userCountQuery } from '../api.ts';
import { QueryCard } from './query-card.tsx';
import { useQueryClient } from '@tanstack/react-query';

export function UserCountCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(userCountQuery);
  useRealtimeEvent(TOPIC_ADMIN_USERS, () => void queryClient.invalidateQueries({ queryKey: userCountQuery.queryKey }));
  return (
    <QueryCard
      title={t('dashboard.users')}
      query={query}
      link={{ to: '/admin/users', label: t('dashboard.manageUsers') }}
    >
      {(data) => (
        <p className="text-4xl font-bold text-fg" data-testid="admin-user-count">
          {data.count}
          {data.capped ? '+' : ''}
        </p>
      )}
    </QueryCard>
  );
}
