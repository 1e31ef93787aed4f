import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { cameraNamesQuery, latestEventsQuery } from '../ops-api.ts';
import { QueryCard } from './query-card.tsx';

/** The newest events of the person's cameras (the server lists only those), each opening on its clip. */
export function LatestEventsCard() {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const timeZone = me?.user.preferences.timezone ?? 'UTC';
  const query = useQuery(latestEventsQuery);
  const names = useQuery(cameraNamesQuery);
  return (
    <QueryCard title={t('ops.events.title')} query={query} link={{ to: '/viewer/events', label: t('ops.events.all') }}>
      {(events) =>
        events.length === 0 ? (
          <p className="text-sm text-muted">{t('ops.events.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="latest-events">
            {events.map((e) => (
              <li key={e.id}>
                <Link
                  to={`/viewer/events?id=${encodeURIComponent(e.id)}`}
                  className="flex items-center gap-3 rounded-md p-1 hover:bg-sunken"
                >
                  {e.thumbnailUrl ? (
                    <img src={e.thumbnailUrl} alt="" className="h-10 w-16 shrink-0 rounded object-cover" />
                  ) : (
                    <span aria-hidden="true" className="h-10 w-16 shrink-0 rounded bg-sunken" />
                  )}
                  <span className="min-w-0 flex-1 text-sm">
                    <span className="block font-medium text-fg">
                      {t(`dashboard.kind.${e.kind}`)} —{' '}
                      {(e.cameraId && names.data?.get(e.cameraId)) || t('ops.workspace')}
                    </span>
                    <span className="block text-xs text-muted">
                      {formatDateTime(e.startAt, timeZone, i18n.language)}
                    </span>
                  </span>
                  {e.severity === 'alert' && !e.acknowledgedAt && (
                    <span className="rounded bg-warn-bg px-1.5 py-0.5 text-xs text-warn-fg">{t('dashboard.open')}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )
      }
    </QueryCard>
  );
}
