import type { Camera, Page, PruneNotices, Recording, Timeline, VigilEvent } from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { getToken } from '../../lib/token-store.ts';

export const recordingsKey = ['recordings'] as const;

/** The camera picker's list: its own query (features never import each other). */
export const cameraChoicesQuery = queryOptions({
  queryKey: [...recordingsKey, 'cameras'],
  queryFn: async () => unwrap(await request<Page<Camera>>('GET', '/api/v1/cameras?limit=100')).items,
});

export const timelineQuery = (cameraId: string, day: string, tz: string) =>
  queryOptions({
    queryKey: [...recordingsKey, 'timeline', cameraId, day, tz],
    queryFn: async () => {
      const q = new URLSearchParams({ day, tz });
      return unwrap(await request<Timeline>('GET', `/api/v1/cameras/${encodeURIComponent(cameraId)}/timeline?${q}`));
    },
    enabled: !!cameraId,
  });

/** The camera's events of the shown day, drawn as marks on the timeline (newest 200). */
export const dayEventsQuery = (cameraId: string, from: string | undefined, to: string | undefined) =>
  queryOptions({
    queryKey: [...recordingsKey, 'events', cameraId, from, to],
    queryFn: async () => {
      const q = new URLSearchParams({ cameraId, from: from!, to: to!, limit: '200' });
      return unwrap(await request<Page<VigilEvent>>('GET', `/api/v1/events?${q}`)).items;
    },
    enabled: !!cameraId && !!from && !!to,
  });

/** What the plan's limits made retention delete lately (the latest notice per limit). */
export const noticesQuery = queryOptions({
  queryKey: [...recordingsKey, 'notices'],
  queryFn: async () => unwrap(await request<PruneNotices>('GET', '/api/v1/recordings/notices')).items,
});

export function vodUrl(cameraId: string, from: string, to: string): string {
  return `/api/v1/cameras/${encodeURIComponent(cameraId)}/vod.m3u8?${new URLSearchParams({ from, to })}`;
}

/**
 * A thumbnail as an object URL: fetched with the bearer (an <img src> could not send it).
 * Null when there is no footage at that instant.
 */
export async function fetchThumbnail(cameraId: string, at: number, signal: AbortSignal): Promise<string | null> {
  const token = getToken();
  const q = new URLSearchParams({ at: new Date(at).toISOString() });
  const res = await fetch(`/api/v1/cameras/${encodeURIComponent(cameraId)}/thumbnail?${q}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
    signal,
  });
  if (!res.ok) return null;
  return URL.createObjectURL(await res.blob());
}

export function useProtectRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, value }: { id: string; value: boolean }) =>
      unwrap(await request<Recording>('PATCH', `/api/v1/recordings/${encodeURIComponent(id)}`, { protected: value })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...recordingsKey, 'timeline'] }),
  });
}
