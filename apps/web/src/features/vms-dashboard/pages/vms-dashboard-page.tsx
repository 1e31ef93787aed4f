import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { siteOverviewQuery, totalsOf } from '../api.ts';
import { DashboardProblem } from '../components/dashboard-problem.tsx';
import { SiteGlance } from '../components/site-glance.tsx';
import { TagFilter } from '../components/tag-filter.tsx';
import { TotalsBar } from '../components/totals-bar.tsx';
import { SiteMap } from '../map/site-map.tsx';
import '../translations.ts';
import { useLiveRefresh } from '../use-live-refresh.ts';

/**
 * /vms and /vms/dashboard: every site at a glance, most attention first (the server's order),
 * totals on top, a tag filter, and a map when the installation has tiles. A camera's status
 * change or a new event anywhere refreshes it (the `cameras` and `events` topics, a few seconds apart at most).
 */
export function VmsDashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const canManage = session.hasAnyRole(['manager', 'admin']);
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') ?? '';
  const overview = useQuery(siteOverviewQuery(tag));
  useLiveRefresh();
  const data = overview.data;
  const setTag = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('tag', value);
    else next.delete('tag');
    setParams(next, { replace: true });
  };
  const located = data?.items.some((s) => s.latitude !== null && s.longitude !== null) ?? false;

  return (
    <>
      <PageHeader
        title={t('pages.vms.dashboard')}
        description={t('pages.vms.dashboard.desc')}
        actions={
          data ? (
            <>
              <Link to="/vms/sites" className={buttonClass('secondary')}>
                {t('vmsDashboard.allSites')}
              </Link>
              {canManage && (
                <Link to="/vms/sites/add" className={buttonClass('primary')}>
                  {t('vmsDashboard.addSite')}
                </Link>
              )}
            </>
          ) : undefined
        }
      />
      {overview.isPending && <Spinner label={t('vmsDashboard.loading')} />}
      {overview.isError && <DashboardProblem error={overview.error} />}
      {data && (
        <>
          <TotalsBar totals={totalsOf(data.items)} />
          <TagFilter tags={data.tags} value={tag} onChange={setTag} />
          {data.mapTileUrl && located && (
            <Card title={t('vmsDashboard.map.title')} className="mb-6">
              <SiteMap sites={data.items} tileUrl={data.mapTileUrl} />
            </Card>
          )}
          {data.items.length === 0 ? (
            <p
              className="rounded-lg border border-dashed border-line p-6 text-center text-muted"
              data-testid="vms-empty"
            >
              {tag ? t('vmsDashboard.noMatch') : t('vmsDashboard.none')}
            </p>
          ) : (
            <section aria-labelledby="vms-sites-heading">
              <h2 id="vms-sites-heading" className="mb-2 text-lg font-semibold">
                {t('vmsDashboard.sitesHeading')}
              </h2>
              <ul className="flex flex-col gap-2" aria-busy={overview.isFetching}>
                {data.items.map((site) => (
                  <SiteGlance key={site.id} site={site} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </>
  );
}
