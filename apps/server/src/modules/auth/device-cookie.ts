import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A "known device" (OWASP's device cookie): after a successful sign-in the browser keeps a signed
 * cookie naming the accounts it signed into. Those accounts' correct passwords from this browser
 * are throttled on their own counter, so an attacker hammering an account elsewhere never locks
 * its owner out of their usual browser. It proves nothing by itself: a password is still needed.
 */
export const DEVICE_COOKIE = 'vigil_device';
export const DEVICE_COOKIE_DAYS = 365;
/** Accounts one browser remembers (a shared family or operator PC signs into a few). */
const MAX_ACCOUNTS = 5;

export interface KnownDevice {
  deviceId: string;
  userIds: string[];
}

const sign = (secret: string, deviceId: string, userIds: string[]) =>
  createHmac('sha256', secret)
    .update(`vigil-device\n${deviceId}\n${userIds.join(',')}`)
    .digest('base64url');

/** The device a cookie names, when its signature holds; null for a missing, forged or malformed one. */
export function readDeviceCookie(secret: string, value: string | undefined): KnownDevice | null {
  if (!value || value.length > 400) return null;
  const [deviceId, ids, signature] = value.split('.');
  if (!deviceId || ids === undefined || !signature || !/^[\w-]{16,64}$/.test(deviceId)) return null;
  const userIds = ids ? ids.split('~') : [];
  const want = Buffer.from(sign(secret, deviceId, userIds));
  const got = Buffer.from(signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  return { deviceId, userIds };
}

/** The cookie after `userId` signed in from this browser (a new device id when there was none). */
export function deviceCookieAfterSignIn(secret: string, known: KnownDevice | null, userId: string): string {
  const deviceId = known?.deviceId ?? randomBytes(18).toString('base64url');
  const userIds = [userId, ...(known?.userIds ?? []).filter((id) => id !== userId)].slice(0, MAX_ACCOUNTS);
  return `${deviceId}.${userIds.join('~')}.${sign(secret, deviceId, userIds)}`;
}
