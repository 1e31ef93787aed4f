import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { latestAlertsQuery } from '../api.ts';
import { EventList } from './event-list.tsx';
import { QueryCard } from './query-card.tsx';

/** The latest alerts with their pictures (the bell keeps the list fresh over the realtime stream). */
export function AlertsCard() {
  const { t } = useTranslation();
  const query = useQuery(latestAlertsQuery);
  return (
    <QueryCard
      title={t('dashboard.alerts')}
      query={query}
      link={{ to: '/viewer/events', label: t('dashboard.allEvents') }}
    >
      {(data) => (
        <EventList
          testId="dashboard-alerts"
          empty={t('dashboard.noAlerts')}
          items={data.items.slice(0, 5).map((a) => ({
            ...a,
            title: `${t(`dashboard.kind.${a.kind}`)} — ${a.cameraName ?? t('dashboard.workspace')}`,
            open: !a.acknowledgedAt,
          }))}
        />
      )}
    </QueryCard>
  );
}
