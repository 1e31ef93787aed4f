import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import {
  apiPeriod,
  cameraChoices,
  figureQuery,
  filtersFromQuery,
  filtersToQuery,
  periodProblem,
} from '../analytics-model.ts';
import { eventsQuery, sitesQuery } from '../api.ts';
import { useCountingZone } from '../../../lib/use-counting-zone.ts';
import { AnalyticsPanels } from '../components/analytics-panels.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import '../translations.ts';
import { todayIn } from '../../../lib/local-time.ts';

/**
 * /manager/analytics: events, activity, uptime and storage over a period, for owners and managers
 * (a manager limited to some cameras sees theirs). The period, site and camera live in the URL.
 */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const me = useSession().me;
  const [zone, learnZone] = useCountingZone(me?.user.preferences.timezone ?? 'UTC');
  const today = todayIn(zone);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromQuery(params, today), [params, today]);
  const problem = periodProblem(filters);
  const period = apiPeriod(filters, today);
  // Sites are the VMS area's: asked for only with the plan, and the filter shows once there is one.
  const sites = useQuery(sitesQuery(!!me?.user.vmsAccess));
  const siteList = sites.data?.length ? sites.data : null;
  // The camera choices are the per-camera figure's cameras (the same query the panel shows).
  const cameras = useQuery({
    ...eventsQuery(figureQuery(period, { siteId: filters.siteId }), 'camera'),
    enabled: !problem,
  });
  return (
    <>
      <PageHeader title={t('pages.manager.analytics')} description={t('pages.manager.analytics.desc')} />
      <FilterBar
        filters={filters}
        onChange={(next) => setParams(filtersToQuery(next, params), { replace: true })}
        sites={siteList}
        cameras={cameras.data ? cameraChoices(cameras.data) : null}
      />
      {problem ? (
        <Banner tone="warning">{t(problem)}</Banner>
      ) : (
        <AnalyticsPanels
          period={period}
          siteId={filters.siteId || undefined}
          cameraId={filters.cameraId || undefined}
          onZone={learnZone}
        />
      )}
    </>
  );
}
