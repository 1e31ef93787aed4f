import type { SiteDetails } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { CameraStatusBadge } from './status-badge.tsx';

type SiteCamera = SiteDetails['cameras'][number];

/** The site's cameras with their status, each with the way to its events. */
export function SiteCamerasCard({ cameras, manageTo }: { cameras: SiteCamera[]; manageTo?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Card title={t('sites.cameras.title', { count: cameras.length })}>
      {cameras.length === 0 ? (
        <p className="text-sm text-muted">
          {t('sites.cameras.none')}{' '}
          {manageTo && (
            <Link to={manageTo} className="font-medium text-primary underline underline-offset-4">
              {t('sites.cameras.addSome')}
            </Link>
          )}
        </p>
      ) : (
        <ul className="divide-y divide-line" data-testid="site-cameras">
          {cameras.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words font-medium">{c.name}</span>
              <span className="flex items-center gap-3">
                <CameraStatusBadge status={c.status} />
                <Link
                  to={`/viewer/events?camera=${encodeURIComponent(c.id)}`}
                  className="text-sm text-primary underline underline-offset-4"
                  aria-label={t('sites.cameras.eventsOf', { name: c.name })}
                >
                  {t('sites.cameras.events')}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
