import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) through the `otpauth` library: SHA-1, 6 digits, 30 s steps, what every
 * authenticator app reads from an otpauth:// URI. The clock is a parameter so tests can stand at
 * the window's edges.
 */
const PERIOD = 30;
const DIGITS = 6;
/** Steps either side of now a code may come from (a phone's clock drifts; a code typed late). */
export const TOTP_WINDOW = 1;

const totp = (secret: string, label = 'Vigil') =>
  new TOTP({
    issuer: 'Vigil',
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A new 160-bit secret, base32 (what a person types when they cannot scan). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans: issuer Vigil, the account's email as label. */
export function totpUri(secret: string, label: string): string {
  return totp(secret, label).toString();
}

/** The 30 s step a timestamp falls in. */
export function totpStep(now: number): number {
  return TOTP.counter({ period: PERIOD, timestamp: now });
}

/** The code of the step `now` falls in (tests, and the enrolment's self-check). */
export function totpCode(secret: string, now: number): string {
  return totp(secret).generate({ timestamp: now });
}

/**
 * The step a code belongs to when it is valid at `now` (±TOTP_WINDOW steps) and newer than the
 * last step already used; else null. The caller stores the step it accepted (atomically, so two
 * requests carrying one code cannot both pass): a code, or any older one, never works twice.
 */
export function acceptTotp(secret: string, code: string, now: number, lastUsedStep: number | null): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}
