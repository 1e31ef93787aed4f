import type {
  AnalyticsCsvFigure,
  AnalyticsEvents,
  AnalyticsGroupBy,
  AnalyticsHeatmap,
  AnalyticsStorage,
  AnalyticsUptime,
} from '@vigil/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { ApiError, request, unwrap } from '../../lib/api-client.ts';
import { errorFromBody } from '../../lib/errors.ts';
import { getToken } from '../../lib/token-store.ts';

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

/**
 * Downloads a figure as CSV. Fetched with the session's token (a bare link would carry only the
 * cookie), then saved through a temporary object URL; resolves with the file's name.
 */
export const useDownloadCsv = () =>
  useMutation({
    mutationFn: async ({ figure, query }: { figure: AnalyticsCsvFigure; query: string }) => {
      const token = getToken();
      let res: Response;
      try {
        res = await fetch(`/api/v1/analytics/${figure}.csv?${query}`, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
          credentials: 'same-origin',
        });
      } catch {
        throw new ApiError('unavailable', 'unavailable');
      }
      if (!res.ok) {
        const error = errorFromBody(await res.json().catch(() => undefined), res.status);
        throw new ApiError(error.code, error.message, error.fields, error.detail);
      }
      const blob = await res.blob();
      const name =
        /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `vigil-${figure}.csv`;
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return name;
    },
  });
