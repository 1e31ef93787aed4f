import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { latestAlertsQuery } from '../api.ts';
import { QueryCard } from './query-card.tsx';

/** The latest alerts with their pictures (the bell keeps the list fresh over the realtime stream). */
export function AlertsCard() {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const timeZone = me?.user.preferences.timezone ?? 'UTC';
  const query = useQuery(latestAlertsQuery);
  return (
    <QueryCard
      title={t('dashboard.alerts')}
      query={query}
      link={{ to: '/viewer/events', label: t('dashboard.allEvents') }}
    >
      {(data) => {
        const items = data.items.slice(0, 5);
        return items.length === 0 ? (
          <p className="text-sm text-muted">{t('dashboard.noAlerts')}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="dashboard-alerts">
            {items.map((a) => (
              <li key={a.id}>
                <Link
                  to={`/viewer/events?id=${encodeURIComponent(a.id)}`}
                  className="flex items-center gap-3 rounded-md p-1 hover:bg-sunken"
                >
                  {a.thumbnailUrl ? (
                    <img src={a.thumbnailUrl} alt="" className="h-10 w-16 shrink-0 rounded object-cover" />
                  ) : (
                    <span aria-hidden="true" className="h-10 w-16 shrink-0 rounded bg-sunken" />
                  )}
                  <span className="min-w-0 flex-1 text-sm">
                    <span className="block truncate font-medium text-fg">
                      {t(`dashboard.kind.${a.kind}`)} — {a.cameraName ?? t('dashboard.workspace')}
                    </span>
                    <span className="block text-xs text-muted">
                      {formatDateTime(a.startAt, timeZone, i18n.language)}
                    </span>
                  </span>
                  {a.acknowledgedAt ? null : (
                    <span className="rounded bg-warn-bg px-1.5 py-0.5 text-xs text-warn-fg">{t('dashboard.open')}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        );
      }}
    </QueryCard>
  );
}
