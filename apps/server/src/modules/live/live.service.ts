import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LiveFeed } from '../../video/live-feed.ts';
import type { Actor, CamerasService } from '../cameras/cameras.service.ts';

/** A ticket only opens the socket; once open, the stream lives as long as the socket. */
const TICKET_SECONDS = 60;

export type LiveService = ReturnType<typeof createLiveService>;

/**
 * Live view over WebSocket. The browser's WebSocket cannot send headers, so a signed-in
 * caller first asks for a short-lived signed ticket URL (checked against the camera's
 * workspace); the socket route trusts only that signature.
 */
export function createLiveService(deps: { cameras: CamerasService; liveFeeds: Map<string, LiveFeed>; secret: string }) {
  const { cameras, liveFeeds, secret } = deps;
  const sign = (cameraId: string, expires: number) =>
    createHmac('sha256', secret).update(`live\n${cameraId}\n${expires}`).digest('base64url');

  return {
    /** Throws not-found for another workspace's camera. */
    async ticket(actor: Actor, cameraId: string): Promise<{ url: string; expiresAt: string }> {
      await cameras.get(actor, cameraId);
      const expires = Math.floor(Date.now() / 1000) + TICKET_SECONDS;
      const q = new URLSearchParams({ expires: String(expires), signature: sign(cameraId, expires) });
      return {
        url: `/api/v1/cameras/${cameraId}/live.mp4ws?${q}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },

    verify(cameraId: string, expires: number, signature: string): boolean {
      if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
      const want = Buffer.from(sign(cameraId, expires));
      const got = Buffer.from(signature);
      return want.length === got.length && timingSafeEqual(want, got);
    },

    /** A signed-in session may open the socket directly (same-origin cookie) for its own camera. */
    async mayWatch(actor: Actor, cameraId: string): Promise<boolean> {
      return cameras.get(actor, cameraId).then(
        () => true,
        () => false,
      );
    },

    feed(cameraId: string): LiveFeed | undefined {
      return liveFeeds.get(cameraId);
    },
  };
}
