import type { Camera, EventFilter, Page, VigilEvent } from '@vigil/shared';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { type EventFilters, listQuery } from './filter-model.ts';

export const eventsKey = ['events'] as const;
const PAGE_SIZE = 30;

/** Camera names for the filter and each row: its own query (features never import each other). */
export const eventCamerasQuery = queryOptions({
  queryKey: [...eventsKey, 'cameras'],
  queryFn: async () => unwrap(await request<Page<Camera>>('GET', '/api/v1/cameras?limit=100')).items,
});

export type EventPage = { items: VigilEvent[]; nextCursor: string | null };

/** Newest first, keyset paged: each page asks for what comes after the previous nextCursor. */
export const eventListQuery = (filters: EventFilters) =>
  infiniteQueryOptions({
    queryKey: [...eventsKey, 'list', filters],
    queryFn: async ({ pageParam }) =>
      unwrap(await request<EventPage>('GET', `/api/v1/events?${listQuery(filters, PAGE_SIZE, pageParam)}`)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: [...eventsKey, 'one', id],
    queryFn: async () => unwrap(await request<VigilEvent>('GET', `/api/v1/events/${encodeURIComponent(id)}`)),
    enabled: !!id,
  });

export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { ids: string[] } | { filter: EventFilter }) =>
      unwrap(await request<{ acknowledged: number }>('POST', '/api/v1/events/acknowledge', input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}

export function useSetNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, note }: { id: string; note: string | null }) =>
      unwrap(await request<VigilEvent>('PATCH', `/api/v1/events/${encodeURIComponent(id)}`, { note })),
    onSuccess: (event) => {
      queryClient.setQueryData(eventQuery(event.id).queryKey, event);
      return queryClient.invalidateQueries({ queryKey: [...eventsKey, 'list'] });
    },
  });
}

/** Queues an MP4 export of the clip; the exports page shows its progress and download. */
export function useExportClip() {
  return useMutation({
    mutationFn: async (input: { cameraId: string; from: string; to: string }) =>
      unwrap(await request<{ id: string; status: string }>('POST', '/api/v1/exports', input)),
  });
}

export function vodUrl(cameraId: string, from: string, to: string): string {
  return `/api/v1/cameras/${encodeURIComponent(cameraId)}/vod.m3u8?${new URLSearchParams({ from, to })}`;
}
