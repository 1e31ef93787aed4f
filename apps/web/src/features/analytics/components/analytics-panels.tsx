import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { eventsQuery, heatmapQuery, storageQuery, uptimeQuery } from '../api.ts';
import { figureQuery } from '../analytics-model.ts';
import { EventsPerCameraCard, EventsPerDayCard, HeatmapCard } from './events-cards.tsx';
import { FootageKeptCard, StorageGrowthCard } from './storage-cards.tsx';
import { UptimeCard } from './uptime-card.tsx';

/**
 * Every figure of a period, narrowed to a site or a camera: events per day, per camera (always
 * every camera of the site, so a chosen camera is seen among the others), the heat map, uptime,
 * storage growth and footage kept.
 */
export function AnalyticsPanels({
  period,
  siteId,
  cameraId,
  onZone,
}: {
  period: { from: string; to: string };
  siteId?: string;
  cameraId?: string;
  /** Told the zone the server counted the days in (see lib/use-counting-zone.ts). */
  onZone?: (zone: string | undefined) => void;
}) {
  const query = figureQuery(period, { siteId, cameraId });
  const siteQuery = figureQuery(period, { siteId });
  const perDay = useQuery(eventsQuery(query, 'day'));
  const perCamera = useQuery(eventsQuery(siteQuery, 'camera'));
  const heat = useQuery(heatmapQuery(query));
  const uptime = useQuery(uptimeQuery(query));
  const storage = useQuery(storageQuery(query));
  const zone = perDay.data?.timeZone;
  useEffect(() => onZone?.(zone), [zone, onZone]);
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2" data-testid="analytics-panels">
      <EventsPerDayCard q={perDay} query={query} />
      <EventsPerCameraCard q={perCamera} query={siteQuery} />
      <HeatmapCard q={heat} query={query} />
      <UptimeCard q={uptime} query={query} />
      <StorageGrowthCard q={storage} query={query} />
      <FootageKeptCard q={storage} query={query} />
    </div>
  );
}
