import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cameraNamesQuery, latestEventsQuery } from '../ops-api.ts';
import { EventList } from './event-list.tsx';
import { QueryCard } from './query-card.tsx';

/** The newest events of the person's cameras (the server lists only those), each opening on its clip. */
export function LatestEventsCard() {
  const { t } = useTranslation();
  const query = useQuery(latestEventsQuery);
  const names = useQuery(cameraNamesQuery);
  return (
    <QueryCard title={t('ops.events.title')} query={query} link={{ to: '/viewer/events', label: t('ops.events.all') }}>
      {(events) => (
        <EventList
          testId="latest-events"
          empty={t('ops.events.empty')}
          items={events.map((e) => ({
            ...e,
            title: `${t(`dashboard.kind.${e.kind}`)} — ${(e.cameraId && names.data?.get(e.cameraId)) || t('ops.workspace')}`,
            open: e.severity === 'alert' && !e.acknowledgedAt,
          }))}
        />
      )}
    </QueryCard>
  );
}
