import type { SiteDetails } from '@vigil/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TOPIC_CAMERAS } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { siteQuery, sitesKey } from '../api.ts';
import { DeleteSiteButton } from '../components/delete-site.tsx';
import { type LiveTileRender, LiveWall } from '../components/live-wall.tsx';
import { PageProblem } from '../components/page-problem.tsx';
import { RecentEventsCard } from '../components/recent-events.tsx';
import { SiteCamerasCard } from '../components/site-cameras.tsx';
import { SiteHealthCard } from '../components/site-health.tsx';
import { SiteInfoCard } from '../components/site-info.tsx';
import '../translations.ts';

export interface SiteDetailsPageProps {
  /** The live feature's tile, handed in by the app shell. */
  liveTile?: LiveTileRender;
  /** What other features add about the site (the shell fills it: the site's analytics). */
  extra?: (site: SiteDetails, canManage: boolean) => ReactNode;
}

/** /vms/sites/:id: health, cameras, live wall, recent events and whatever the shell adds. */
export function SiteDetailsPage({ liveTile, extra }: SiteDetailsPageProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const session = useSession();
  const canManage = session.hasAnyRole(['manager', 'admin']);
  const timeZone = session.me?.user.preferences.timezone ?? 'UTC';
  const queryClient = useQueryClient();
  const site = useQuery(siteQuery(id));
  useRealtimeEvent(TOPIC_CAMERAS, () => void queryClient.invalidateQueries({ queryKey: [...sitesKey, 'one', id] }));
  const data = site.data;

  return (
    <>
      <PageHeader
        title={data?.name ?? t('pages.vms.sites.id')}
        description={data?.address ?? t('pages.vms.sites.id.desc')}
        actions={
          data && canManage ? (
            <>
              <Link to={`/vms/sites/${id}/edit`} className={buttonClass('secondary')}>
                {t('sites.edit')}
              </Link>
              <Link to={`/vms/sites/${id}/manage`} className={buttonClass('secondary')}>
                {t('sites.manage')}
              </Link>
              <DeleteSiteButton site={data} />
            </>
          ) : undefined
        }
      />
      <p className="mb-4 text-sm">
        <Link to="/vms/sites" className="text-primary underline underline-offset-4">
          {t('sites.backToSites')}
        </Link>
      </p>
      {site.isPending && <Spinner label={t('sites.loading')} />}
      {site.isError && <PageProblem error={site.error} />}
      {data && (
        <div className="grid gap-6 lg:grid-cols-2">
          <SiteHealthCard health={data.health} timeZone={timeZone} />
          <SiteInfoCard site={data} />
          {liveTile && <LiveWall cameras={data.cameras.filter((c) => c.enabled)} tile={liveTile} />}
          <SiteCamerasCard cameras={data.cameras} manageTo={canManage ? `/vms/sites/${id}/manage` : undefined} />
          <RecentEventsCard siteId={data.id} cameras={data.cameras} timeZone={timeZone} />
          {extra && <div className="lg:col-span-2">{extra(data, canManage)}</div>}
        </div>
      )}
    </>
  );
}
