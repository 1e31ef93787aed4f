import type { Camera, Page } from '@vigil/shared';
import { queryOptions } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export const liveKey = ['live'] as const;

/** The cameras to show: its own query (features never import each other). */
export const liveCamerasQuery = queryOptions({
  queryKey: [...liveKey, 'cameras'],
  queryFn: async () => unwrap(await request<Page<Camera>>('GET', '/api/v1/cameras?limit=100')).items,
});

/**
 * The WebSocket URL of a camera's live stream. The browser's WebSocket cannot send the
 * bearer header, so the server hands out a short-lived signed ticket URL instead.
 */
export async function liveSocketUrl(cameraId: string): Promise<string> {
  const { url } = unwrap(
    await request<{ url: string }>('POST', `/api/v1/cameras/${encodeURIComponent(cameraId)}/live-ticket`),
  );
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${url}`;
}
