import type {
  AnalyticsCsvFigure,
  AnalyticsEvents,
  AnalyticsGroupBy,
  AnalyticsHeatmap,
  AnalyticsStorage,
  AnalyticsUptime,
} from '@vigil/shared';
import { queryOptions } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';

export const analyticsKey = ['analytics'] as const;
// Figures of a past period do not change; today's do, slowly: a minute is fresh enough.
const staleTime = 60_000;

/** `query`: the period and filters (analytics-model figureQuery). */
export const eventsQuery = (query: string, groupBy: AnalyticsGroupBy) =>
  queryOptions({
    queryKey: [...analyticsKey, 'events', groupBy, query],
    queryFn: async () =>
      unwrap(await request<AnalyticsEvents>('GET', `/api/v1/analytics/events?${query}&groupBy=${groupBy}`)),
    staleTime,
  });

export const heatmapQuery = (query: string) =>
  queryOptions({
    queryKey: [...analyticsKey, 'heatmap', query],
    queryFn: async () => unwrap(await request<AnalyticsHeatmap>('GET', `/api/v1/analytics/heatmap?${query}`)),
    staleTime,
  });

export const uptimeQuery = (query: string) =>
  queryOptions({
    queryKey: [...analyticsKey, 'uptime', query],
    queryFn: async () => unwrap(await request<AnalyticsUptime>('GET', `/api/v1/analytics/uptime?${query}`)),
    staleTime,
  });

export const storageQuery = (query: string) =>
  queryOptions({
    queryKey: [...analyticsKey, 'storage', query],
    queryFn: async () => unwrap(await request<AnalyticsStorage>('GET', `/api/v1/analytics/storage?${query}`)),
    staleTime,
  });

/** The sites for the filter (the VMS area's; its own query: features never import each other). */
export const sitesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: [...analyticsKey, 'sites'],
    queryFn: async () => unwrap(await request<{ items: { id: string; name: string }[] }>('GET', '/api/v1/sites')).items,
    enabled,
    retry: false,
  });

/** Downloads a figure as CSV (lib/download); resolves with the file's name. */
export const downloadCsv = (figure: AnalyticsCsvFigure, query: string) =>
  downloadFile(`/api/v1/analytics/${figure}.csv?${query}`, `vigil-${figure}.csv`);
