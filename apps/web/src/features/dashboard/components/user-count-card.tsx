import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorKey } from '../../../lib/errors.ts';
import { TOPIC_ADMIN_USERS } from '../../../lib/realtime.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { userCountQuery } from '../api.ts';
import { useQueryClient } from '@tanstack/react-query';

export function UserCountCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(userCountQuery);
  useRealtimeEvent(TOPIC_ADMIN_USERS, () => void queryClient.invalidateQueries({ queryKey: userCountQuery.queryKey }));
  return (
    <Card title={t('dashboard.users')}>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <p className="text-sm text-danger">
          {t(errorKey(query.error instanceof ApiError ? query.error.code : 'unknown'))}
        </p>
      ) : (
        <p className="text-4xl font-bold text-fg" data-testid="admin-user-count">
          {query.data.count}
          {query.data.capped ? '+' : ''}
        </p>
      )}
      <Link
        to="/admin/users"
        className="mt-4 inline-block text-sm font-medium text-primary underline underline-offset-4"
      >
        {t('dashboard.manageUsers')}
      </Link>
    </Card>
  );
}
