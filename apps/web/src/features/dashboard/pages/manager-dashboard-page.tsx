import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { TOPIC_CAMERAS, TOPIC_EVENTS, TOPIC_TASKS, TOPIC_TEAM } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { managerDashboardQuery } from '../api.ts';
import { UsageCard } from '../components/usage-card.tsx';
import { AlertsBySiteCard } from '../components/manager/alerts-by-site-card.tsx';
import { GettingStartedCard } from '../components/manager/getting-started-card.tsx';
import { TeamCard } from '../components/manager/team-card.tsx';
import { WeekCard } from '../components/manager/week-card.tsx';
import '../translations.ts';
import { useLiveQuery } from '../use-live-query.ts';
import { QueryState } from '../components/query-state.tsx';

/**
 * The owner's and managers' dashboard: the getting-started checklist until it is put away, the
 * team and its tasks, open alerts by site, the week's events and the plan's storage. Read again
 * when the workspace's realtime topics speak (events, cameras, tasks, team), never on a timer.
 */
export function ManagerDashboardPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const query = useQuery(managerDashboardQuery);
  const key = managerDashboardQuery.queryKey;
  useLiveQuery(TOPIC_EVENTS, key);
  useLiveQuery(TOPIC_CAMERAS, key);
  useLiveQuery(TOPIC_TASKS, key);
  useLiveQuery(TOPIC_TEAM, key);
  return (
    <>
      <PageHeader title={t(titleKey)} description={t(`${titleKey}.desc`)} />
      {me && <p className="mb-6 text-lg text-fg">{t('dashboard.greeting', { name: me.user.displayName })}</p>}
      <QueryState query={query}>
        {(data) => (
          <div className="flex flex-col gap-6" data-testid="manager-dashboard">
            {!data.gettingStarted.dismissed && <GettingStartedCard state={data.gettingStarted} />}
            <TeamCard team={data.team} tasks={data.tasks} />
            <div className="grid min-w-0 gap-6 lg:grid-cols-2">
              <WeekCard week={data.week} />
              <AlertsBySiteCard sites={data.alertsBySite} />
              {me && <UsageCard user={me.user} />}
            </div>
          </div>
        )}
      </QueryState>
    </>
  );
}
