import type { SiteDetails } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { recentEventsQuery } from '../api.ts';

type SiteCamera = SiteDetails['cameras'][number];

/** The latest ten events of the site's cameras, each opening on the events page. */
export function RecentEventsCard({
  siteId,
  cameras,
  timeZone,
}: {
  siteId: string;
  cameras: SiteCamera[];
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const events = useQuery(recentEventsQuery(siteId, cameras.length > 0));
  const nameOf = new Map(cameras.map((c) => [c.id, c.name]));
  return (
    <Card title={t('sites.events.title')}>
      {cameras.length === 0 && <p className="text-sm text-muted">{t('sites.events.noCameras')}</p>}
      {cameras.length > 0 && events.isPending && <Spinner label={t('sites.loading')} />}
      {events.isError && <p className="text-sm text-danger">{errorText(events.error)}</p>}
      {events.data && events.data.length === 0 && <p className="text-sm text-muted">{t('sites.events.none')}</p>}
      {events.data && events.data.length > 0 && (
        <ul className="divide-y divide-line" data-testid="site-events">
          {events.data.map((e) => (
            <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 text-sm">
              <Link
                to={`/viewer/events?${new URLSearchParams({ id: e.id, ...(e.cameraId ? { camera: e.cameraId } : {}) })}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {t(`sites.eventKind.${e.kind}`, { defaultValue: e.kind })}
                {e.severity === 'alert' && !e.acknowledgedAt && (
                  <span className="ml-2 rounded bg-warn-bg px-1.5 py-0.5 text-xs text-warn-fg">
                    {t('sites.events.open')}
                  </span>
                )}
              </Link>
              <span className="text-muted">
                {(e.cameraId && nameOf.get(e.cameraId)) || ''} · {formatDateTime(e.startAt, timeZone, i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
