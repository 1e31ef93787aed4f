import type { Camera, Page, TalkbackAnswer } from '@vigil/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { TOPIC_CAMERAS } from '../../lib/realtime.ts';
import { useRealtimeEvent } from '../../lib/use-realtime.ts';

export const liveKey = ['live'] as const;

/** The cameras to show: its own query (features never import each other). */
export const liveCamerasQuery = queryOptions({
  queryKey: [...liveKey, 'cameras'],
  queryFn: async () => unwrap(await request<Page<Camera>>('GET', '/api/v1/cameras?limit=100')).items,
});

/** The cameras, kept current: a camera added, removed or changed anywhere shows up here at once. */
export function useLiveCameras() {
  const queryClient = useQueryClient();
  useRealtimeEvent(TOPIC_CAMERAS, () => void queryClient.invalidateQueries({ queryKey: liveCamerasQuery.queryKey }));
  return useQuery(liveCamerasQuery);
}

const cameraPath = (cameraId: string) => `/api/v1/cameras/${encodeURIComponent(cameraId)}`;

/**
 * Signed URLs for a camera's live WebSocket (MSE) and live HLS. The browser's WebSocket and
 * media element cannot send the bearer header, so the server hands out short-lived tickets.
 */
export async function liveTicket(cameraId: string): Promise<{ socketUrl: string; hlsUrl: string }> {
  const { url, hlsUrl } = unwrap(
    await request<{ url: string; hlsUrl: string }>('POST', `${cameraPath(cameraId)}/live-ticket`),
  );
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return { socketUrl: `${scheme}//${location.host}${url}`, hlsUrl };
}

/** WebRTC signalling: one request, the complete offer in and the complete answer out. */
export async function webrtcAnswer(cameraId: string, sdp: string): Promise<{ sessionId: string; sdp: string }> {
  return unwrap(await request<{ sessionId: string; sdp: string }>('POST', `${cameraPath(cameraId)}/webrtc`, { sdp }));
}

export function webrtcHangUp(cameraId: string, sessionId: string): void {
  void request('DELETE', `${cameraPath(cameraId)}/webrtc/${encodeURIComponent(sessionId)}`);
}

/** Snooze a camera's notifications to people for some minutes (0 ends it). */
export async function snoozeCamera(cameraId: string, minutes: number): Promise<Camera> {
  return unwrap(await request<Camera>('POST', `${cameraPath(cameraId)}/snooze`, { minutes }));
}

/** Talk-back signalling: the microphone's complete offer in, the complete answer out. */
export async function talkbackAnswer(cameraId: string, sdp: string): Promise<TalkbackAnswer> {
  return unwrap(await request<TalkbackAnswer>('POST', `${cameraPath(cameraId)}/talkback`, { sdp }));
}

export async function talkbackHangUp(cameraId: string, sessionId: string): Promise<void> {
  await request('DELETE', `${cameraPath(cameraId)}/talkback/${encodeURIComponent(sessionId)}`);
}
