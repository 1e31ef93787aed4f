import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TWO_FACTOR_CHALLENGE_MINUTES } from '@vigil/shared';

/**
 * The sign-in's second step: after a correct password, an account with two-factor on gets this
 * signed, short-lived challenge instead of a session. It names the account and its expiry and is
 * worth nothing without a current code (or a recovery code), which the second step spends.
 */
const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`vigil-2fa-challenge\n${body}`).digest('base64url');

export function issueChallenge(
  secret: string,
  userId: string,
  now = Date.now(),
): { challenge: string; expiresAt: Date } {
  const expiresAt = new Date(now + TWO_FACTOR_CHALLENGE_MINUTES * 60_000);
  const body = `v1.${userId}.${expiresAt.getTime()}.${randomBytes(9).toString('base64url')}`;
  return { challenge: `${body}.${sign(secret, body)}`, expiresAt };
}

/** The account a challenge names, while its signature holds and it has not expired; else null. */
export function readChallenge(secret: string, challenge: string, now = Date.now()): string | null {
  const parts = challenge.split('.');
  if (parts.length !== 5 || parts[0] !== 'v1') return null;
  const [, userId, expires, , signature] = parts as [string, string, string, string, string];
  const body = parts.slice(0, 4).join('.');
  const want = Buffer.from(sign(secret, body));
  const got = Buffer.from(signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  if (!/^\d{1,15}$/.test(expires) || Number(expires) <= now) return null;
  return /^[0-9a-f-]{36}$/.test(userId) ? userId : null;
}
