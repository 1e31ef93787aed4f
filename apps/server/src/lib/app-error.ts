import { type ErrorCode, messageForCode } from '@vigil/shared';

/** The one error type services throw: a catalogue code, and a message (the catalogue's by default). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = messageForCode(code),
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A refusal that says when to try again (sent as Retry-After): throttles and rate limits. */
export class RetryLaterError extends AppError {
  constructor(
    code: ErrorCode,
    readonly retryAfterSeconds: number,
    message?: string,
  ) {
    super(code, message);
  }
}
