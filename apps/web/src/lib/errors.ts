import { type ErrorCode, LOGIN_FAILED_MESSAGE, isErrorCode, messageForCode } from '@vigil/shared';

/** The error half of spec §7's Result: a catalogue code and its catalogue message. */
export interface ClientError {
  code: ErrorCode | 'unknown';
  message: string;
  fields?: Record<string, string>;
  /** The server's own message when it is more specific than the catalogue's (see specificDetail). */
  detail?: string;
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
  const error = clientError(code, readFields(err.fields));
  const detail = specificDetail(error.code, err.message);
  return detail ? { ...error, detail } : error;
}

/**
 * The rule for showing a server's words: a message other than the catalogue default for its code
 * is specific ("No recorded footage in that range") and worth showing. Sign-in and account codes
 * keep spec §8's catalogue messages, and internal failures never show what the server said.
 */
export function specificDetail(code: ErrorCode | 'unknown', message: unknown): string | undefined {
  if (typeof message !== 'string' || code === 'unknown' || code === 'internal' || code.startsWith('auth/')) {
    return undefined;
  }
  const text = message.trim();
  return text !== '' && text !== messageForCode(code) ? text : undefined;
}

type Translate = (key: string, options?: { defaultValue: string }) => string;

/**
 * What a page shows for a failure: the translated catalogue message, or the server's specific
 * message — in English as sent, in other languages translated when known (key
 * `serverMessage.<English text>`), else after the translated catalogue message.
 */
export function describeError(error: unknown, t: Translate, language: string): string {
  const record = typeof error === 'object' && error !== null ? (error as { code?: unknown; detail?: unknown }) : {};
  const code = typeof record.code === 'string' ? record.code : 'unknown';
  const catalogue = t(errorKey(code));
  const detail = typeof record.detail === 'string' ? record.detail : undefined;
  if (!detail) return catalogue;
  if (language === 'en') return detail;
  const translated = t(`serverMessage.${detail}`, { defaultValue: '' });
  return translated || `${catalogue} ${detail}`;
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
