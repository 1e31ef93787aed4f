import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { TOPIC_ADMIN_INSTALLATION } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { adminDashboardQuery, managerDashboardQuery } from '../api.ts';
import { InstallationTiles } from '../components/admin/installation-tiles.tsx';
import { GettingStartedCard } from '../components/manager/getting-started-card.tsx';
import { OfflineCamerasCard } from '../components/admin/offline-cameras-card.tsx';
import { PlansCard } from '../components/admin/plans-card.tsx';
import { RecordersCard } from '../components/admin/recorders-card.tsx';
import { SignupsCard } from '../components/admin/signups-card.tsx';
import '../translations.ts';
import { useLiveQuery } from '../use-live-query.ts';
import { QueryState } from '../components/query-state.tsx';

/**
 * The administrator's dashboard: the installation's health (recorders, database, disk, job queue,
 * cameras offline in every workspace, sign-ups, plans and revenue, the audit log's last check).
 * Read again whenever the installation's realtime topic says something moved, never on a timer.
 */
export function AdminDashboardPage({ titleKey, alerts }: { titleKey: string; alerts?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const query = useQuery(adminDashboardQuery);
  useLiveQuery(TOPIC_ADMIN_INSTALLATION, adminDashboardQuery.queryKey);
  // The first person of an installation is its administrator and also a workspace's owner: their
  // checklist is here too, until they put it away.
  const started = useQuery({ ...managerDashboardQuery, select: (d) => d.gettingStarted }).data;
  const timeZone = me?.user.preferences.timezone ?? 'UTC';
  return (
    <>
      <PageHeader title={t(titleKey)} description={t(`${titleKey}.desc`)} />
      {alerts}
      {started && !started.dismissed && (
        <div className="mb-6">
          <GettingStartedCard state={started} />
        </div>
      )}
      <QueryState query={query}>
        {(data) => (
          <div className="flex flex-col gap-6" data-testid="admin-dashboard">
            <p className="text-sm text-muted" aria-live="polite" data-testid="admin-dashboard-at">
              {t('adminDash.asOf', { at: formatDateTime(data.at, timeZone, i18n.language, 'second') })}
            </p>
            <InstallationTiles data={data} timeZone={timeZone} />
            <div className="grid min-w-0 gap-6 lg:grid-cols-2">
              <SignupsCard signups={data.signups} />
              <RecordersCard data={data} timeZone={timeZone} />
              <OfflineCamerasCard cameras={data.cameras} timeZone={timeZone} />
              <PlansCard plans={data.plans} />
            </div>
          </div>
        )}
      </QueryState>
    </>
  );
}
