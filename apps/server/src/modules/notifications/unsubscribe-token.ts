import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link of a mail: it must work without signing in, from any device, for as long
 * as the mail is kept, so it is a signature rather than a session: HMAC-SHA256 with the
 * installation secret over "<userId>.<channel>", base64url, no expiry. It can only ever turn a
 * person's own mail off, which is why it needs no expiry.
 */
export type UnsubscribeChannel = 'email';

const sign = (secret: string, userId: string, channel: UnsubscribeChannel) =>
  // A key of its own (domain-separated from the secret's other signatures: storage URLs, event pictures).
  createHmac('sha256', `vigil:unsubscribe:${secret}`).update(`${userId}.${channel}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: string, channel: UnsubscribeChannel = 'email'): string {
  return sign(secret, userId, channel);
}

export function unsubscribeTokenValid(
  secret: string,
  userId: string,
  token: string,
  channel: UnsubscribeChannel = 'email',
): boolean {
  const want = Buffer.from(sign(secret, userId, channel));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}

const query = (secret: string, userId: string) =>
  new URLSearchParams({ u: userId, t: unsubscribeToken(secret, userId) }).toString();

/** The web page a person opens from the mail's body: it explains, and a button confirms (no change on GET). */
export const unsubscribePageUrl = (publicUrl: string, secret: string, userId: string) =>
  `${publicUrl}/unsubscribe?${query(secret, userId)}`;

/** RFC 8058 one-click: the List-Unsubscribe URL a mail client POSTs `List-Unsubscribe=One-Click` to. */
export const unsubscribeApiUrl = (publicUrl: string, secret: string, userId: string) =>
  `${publicUrl}/api/v1/notifications/unsubscribe?${query(secret, userId)}`;

/** The headers every notification mail carries, so mail clients offer their own unsubscribe button. */
export function unsubscribeHeaders(publicUrl: string, secret: string, userId: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeApiUrl(publicUrl, secret, userId)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
