/** The spec §8 error catalogue: one code → one message, shared by server and client. */
export const ERROR_MESSAGES = {
  'auth/user-not-found': 'User not found. Please check your email address.',
  'auth/wrong-password': 'Invalid password. Please try again.',
  'auth/email-already-in-use': 'Email address is already registered.',
  'auth/weak-password': 'Password should be at least 6 characters.',
  'auth/invalid-email': 'Invalid email address format.',
  'auth/too-many-requests': 'Too many failed attempts. Please try again later.',
  /** Sign-in with enumeration protection: an unknown email and a wrong password answer alike. */
  'auth/invalid-credential': 'Login failed. Please check your credentials.',
  'auth/unauthenticated': 'No authenticated user',
  'permission-denied': 'You do not have permission to perform this action.',
  'not-found': 'The requested resource was not found.',
  'already-exists': 'The resource already exists.',
  'resource-exhausted': 'Quota exceeded. Please try again later.',
  unavailable: 'Service temporarily unavailable. Please try again.',
  'deadline-exceeded': 'Request timed out. Please try again.',
  cancelled: 'Operation was cancelled.',
  'invalid-argument': 'Invalid request parameters.',
  'failed-precondition': 'Operation failed due to system state.',
  aborted: 'Operation was aborted due to conflict.',
  'out-of-range': 'Request parameters are out of valid range.',
  unimplemented: 'Operation is not implemented.',
  internal: 'Internal server error. Please try again.',
  'data-loss': 'Data loss or corruption detected.',
  /** A browser that cannot decode the camera's codec needs a conversion, and the server runs as many as it can. */
  'live/transcode-limit':
    'This browser cannot play this camera as it is sent, and the server is converting as many cameras as it can. Try again later, or use a browser that plays H.265.',
  /** Adding an ONVIF camera: what went wrong with the device, one code each (the device's, not ours: 4xx). */
  'onvif/unreachable': 'The camera did not answer at this address.',
  'onvif/not-onvif': 'This address does not answer as an ONVIF camera.',
  'onvif/wrong-credentials': 'The camera refused the username or password.',
  'onvif/clock-refused': 'The camera refused the time of the request, even set to its own clock.',
  'onvif/no-profile': 'The camera offers no video profile with an RTSP stream.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const UNKNOWN_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';
export const LOGIN_FAILED_MESSAGE = 'Login failed. Please check your credentials.';
export const DOCUMENT_NOT_FOUND_MESSAGE = 'Document not found';
export const NO_AUTHENTICATED_USER_MESSAGE = 'No authenticated user';

/** HTTP status for each code (the callable protocol's mapping, plus auth/*). */
export const ERROR_HTTP_STATUS: Record<ErrorCode, number> = {
  'auth/user-not-found': 400,
  'auth/wrong-password': 400,
  'auth/email-already-in-use': 409,
  'auth/weak-password': 400,
  'auth/invalid-email': 400,
  'auth/too-many-requests': 429,
  'auth/invalid-credential': 400,
  'auth/unauthenticated': 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  'resource-exhausted': 429,
  unavailable: 503,
  'deadline-exceeded': 504,
  cancelled: 499,
  'invalid-argument': 400,
  'failed-precondition': 400,
  aborted: 409,
  'out-of-range': 400,
  unimplemented: 501,
  internal: 500,
  'data-loss': 500,
  // A quota of this server's (its cores), not an outage: not logged as a server error.
  'live/transcode-limit': 429,
  // The camera's answer, not this server's fault: a 4xx the page explains (never 401, which signs out).
  'onvif/unreachable': 400,
  'onvif/not-onvif': 400,
  'onvif/wrong-credentials': 400,
  'onvif/clock-refused': 400,
  'onvif/no-profile': 400,
};

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_MESSAGES, code);
}

/** The message a person sees for a code: the catalogue's, else the generic one. */
export function messageForCode(code: unknown): string {
  return isErrorCode(code) ? ERROR_MESSAGES[code] : UNKNOWN_ERROR_MESSAGE;
}

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Which fields were wrong, for invalid-argument. */
  fields?: Record<string, string>;
}
