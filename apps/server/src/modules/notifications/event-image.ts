import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A link to an event's picture that works without a session, for what shows it outside the app:
 * a push notification's image, a webhook receiver, a Home Assistant card. Signed with the
 * installation secret and valid for a week (a notification may be opened days later).
 */
export const IMAGE_LINK_TTL_SECONDS = 7 * 24 * 3600;

const sign = (secret: string, eventId: string, exp: number) =>
  createHmac('sha256', `vigil:event-image:${secret}`).update(`${eventId}.${exp}`).digest('base64url');

export function eventImageUrl(publicUrl: string, secret: string, eventId: string, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + IMAGE_LINK_TTL_SECONDS;
  return `${publicUrl}/api/v1/notifications/events/${eventId}/image?exp=${exp}&sig=${sign(secret, eventId, exp)}`;
}

export function imageLinkValid(secret: string, eventId: string, exp: number, sig: string, now = Date.now()): boolean {
  if (!Number.isInteger(exp) || exp * 1000 < now) return false;
  const want = Buffer.from(sign(secret, eventId, exp));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The event in the app: the events page opens it from `?id=`. */
export const eventLink = (publicUrl: string, eventId: string) => `${publicUrl}/viewer/events?id=${eventId}`;
