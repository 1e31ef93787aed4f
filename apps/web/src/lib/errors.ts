import { type ErrorCode, LOGIN_FAILED_MESSAGE, isErrorCode, messageForCode } from '@vigil/shared';

/** The error half of spec §7's Result: a catalogue code and its catalogue message. */
export interface ClientError {
  code: ErrorCode | 'unknown';
  message: string;
  fields?: Record<string, string>;
}

/** Builds a client error; the message always comes from the catalogue, never the server. */
export function clientError(code: unknown, fields?: Record<string, string>): ClientError {
  const known = isErrorCode(code) ? code : 'unknown';
  return fields
    ? { code: known, message: messageForCode(known), fields }
    : { code: known, message: messageForCode(known) };
}

/** Callable protocol statuses (`PERMISSION_DENIED`) → catalogue codes (`permission-denied`). */
export function codeFromCallableStatus(status: unknown): string | undefined {
  if (typeof status !== 'string' || status === '') return undefined;
  return status.toLowerCase().replaceAll('_', '-');
}

/** When a body carries no code, the HTTP status still says roughly what happened. */
export function codeFromHttpStatus(status: number): ErrorCode | 'unknown' {
  if (status === 401) return 'auth/unauthenticated';
  if (status === 403) return 'permission-denied';
  if (status === 404) return 'not-found';
  if (status === 409) return 'already-exists';
  if (status === 429) return 'resource-exhausted';
  if (status === 501) return 'unimplemented';
  if (status === 503 || status === 502) return 'unavailable';
  if (status === 504) return 'deadline-exceeded';
  if (status >= 500) return 'internal';
  if (status === 400) return 'invalid-argument';
  return 'unknown';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Reads an error from a failed response body. REST errors carry `error.code`; callable
 * errors carry `error.details.code` or only `error.status`.
 */
export function errorFromBody(body: unknown, httpStatus: number): ClientError {
  const err = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  if (!err) return clientError(codeFromHttpStatus(httpStatus));
  const details = isRecord(err.details) ? err.details : undefined;
  const candidates = [err.code, details?.code, codeFromCallableStatus(err.status)];
  const code = candidates.find(isErrorCode) ?? codeFromHttpStatus(httpStatus);
  return clientError(code, readFields(err.fields));
}

/** The i18n key holding the translated catalogue message for a code. */
export function errorKey(code: string): string {
  return isErrorCode(code) ? `errors.${code}` : 'errors.unknown';
}

/** Spec §8: login failure shows the mapped message, else the login default. */
export function loginFailureMessage(code: string | undefined): string {
  return code && isErrorCode(code) ? messageForCode(code) : LOGIN_FAILED_MESSAGE;
}

export function loginFailureKey(code: string | undefined): string {
  return code && isErrorCode(code) ? `errors.${code}` : 'auth.loginFailed';
}
