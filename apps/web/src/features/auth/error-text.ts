import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';
import { errorKey, loginFailureKey } from '../../lib/errors.ts';

/** The translated catalogue message of a failed call (spec §8). */
export function errorText(t: TFunction, error: unknown): string {
  return t(errorKey(error instanceof ApiError ? error.code : 'unknown'));
}

/** Login shows the mapped message, or "Login failed…" when no code came back (spec §8). */
export function loginErrorText(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError && error.code !== 'unknown' ? error.code : undefined;
  return t(loginFailureKey(code));
}
