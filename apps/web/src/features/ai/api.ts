import type {
  AiAnalytics,
  AiAnalyticsCsvFigure,
  AiSettings,
  AiSettingsInput,
  AnalyzeResponse,
  Camera,
  CameraAiSettings,
  Page,
  VigilEvent,
} from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';

export const aiKey = ['ai'] as const;

/** The cameras (its own query: features never import each other), with their `ai` settings. */
export const aiCamerasQuery = queryOptions({
  queryKey: [...aiKey, 'cameras'],
  queryFn: async () =>
    unwrap(await request<Page<Camera & { ai?: Partial<CameraAiSettings> | null }>>('GET', '/api/v1/cameras?limit=100'))
      .items,
});

export const aiAnalyticsQuery = (query: string) =>
  queryOptions({
    queryKey: [...aiKey, 'analytics', query],
    queryFn: async () => unwrap(await request<AiAnalytics>('GET', `/api/v1/ai/analytics?${query}`)),
    staleTime: 60_000,
    retry: false,
  });

export const aiSettingsQuery = queryOptions({
  queryKey: [...aiKey, 'settings'],
  queryFn: async () => unwrap(await request<AiSettings>('GET', '/api/v1/ai/settings')),
  retry: false,
});

export function useSaveAiSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: AiSettingsInput) =>
      unwrap(await request<AiSettings>('PUT', '/api/v1/ai/settings', input)),
    onSuccess: (data) => qc.setQueryData(aiSettingsQuery.queryKey, data),
  });
}

export function useSaveCameraAi() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ cameraId, ai }: { cameraId: string; ai: CameraAiSettings }) =>
      unwrap(await request<Camera>('PATCH', `/api/v1/cameras/${encodeURIComponent(cameraId)}`, { ai })),
    onSuccess: () => qc.invalidateQueries({ queryKey: aiCamerasQuery.queryKey }),
  });
}

export function useAnalyze() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (cameraId: string) =>
      unwrap(await request<AnalyzeResponse>('POST', '/api/v1/ai/analyze', { cameraId })),
    onSettled: () => qc.invalidateQueries({ queryKey: aiSettingsQuery.queryKey }),
  });
}

/** Detection events (kind ai.detection) for a search query (ai-model searchQuery). */
export const detectionsQuery = (query: string) =>
  queryOptions({
    queryKey: [...aiKey, 'detections', query],
    queryFn: async () => unwrap(await request<Page<VigilEvent>>('GET', `/api/v1/events?${query}`)).items,
    retry: false,
  });

/** Downloads a figure as CSV (lib/download); resolves with the file's name. */
export const downloadAiCsv = (figure: AiAnalyticsCsvFigure, query: string) =>
  downloadFile(`/api/v1/ai/analytics.csv?${query}&figure=${figure}`, `vigil-ai-${figure}.csv`);
