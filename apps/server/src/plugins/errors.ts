import { ERROR_HTTP_STATUS, type ErrorCode, messageForCode } from '@vigil/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, RetryLaterError } from '../lib/app-error.ts';

/** Callable protocol status names (as Google's callable functions speak them). */
const callableStatus = (code: ErrorCode): string =>
  code.startsWith('auth/')
    ? code === 'auth/unauthenticated'
      ? 'UNAUTHENTICATED'
      : 'INVALID_ARGUMENT'
    : code.toUpperCase().replaceAll('-', '_');

/** Socket errors of a database connection that is gone or refused. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);

/** A plain, enumerable data property (so JSON shows it), even for a key named "__proto__". */
const ownField = (value: string): PropertyDescriptor => ({
  value,
  enumerable: true,
  writable: true,
  configurable: true,
});

function fromFastify(err: FastifyError, req: FastifyRequest): { error: AppError; status: number } {
  if (err instanceof AppError) return { error: err, status: ERROR_HTTP_STATUS[err.code] };
  if (err.validation) {
    // Field names come from the caller's body: a field called "constructor" or "__proto__" must
    // not find Object.prototype's members in these lookups (it made the answer a 500), so both
    // are read and written as own properties only.
    const fields: Record<string, string> = Object.create(null);
    const fieldCodes = req.routeOptions.config?.fieldCodes ?? {};
    let code: ErrorCode = 'invalid-argument';
    for (const v of err.validation) {
      const field =
        String(v.instancePath ?? '')
          .replace(/^\//, '')
          .split('/')[0] ||
        String(v.params?.missingProperty ?? '') ||
        'body';
      if (!Object.hasOwn(fields, field)) Object.defineProperty(fields, field, ownField(v.message ?? 'invalid'));
      const mapped = Object.hasOwn(fieldCodes, field) ? fieldCodes[field] : undefined;
      if (mapped && code === 'invalid-argument') code = mapped;
    }
    return { error: new AppError(code, messageForCode(code), fields), status: ERROR_HTTP_STATUS[code] };
  }
  const pgCode = (err as { code?: string }).code ?? (err.cause as { code?: string } | undefined)?.code;
  if (typeof pgCode === 'string') {
    // A data exception (class 22): Postgres refused a value's form (a forged cursor, a malformed
    // id, a date out of range): the caller's input, never a server fault.
    if (/^22[0-9A-Z]{3}$/.test(pgCode)) return { error: new AppError('invalid-argument'), status: 400 };
    // The database is unreachable, shutting down or starting: say so, and that it will pass.
    if (/^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/.test(pgCode) || CONNECTION_ERRORS.has(pgCode))
      return { error: new AppError('unavailable'), status: 503 };
    // A deadlock or a serialization failure: two writers met (a person deleting a camera while its
    // recorder writes to it); nothing was written, and the same request again will pass.
    if (pgCode === '40P01' || pgCode === '40001') return { error: new AppError('aborted'), status: 409 };
    // statement_timeout or a cancelled query: the database did not answer in time.
    if (pgCode === '57014') return { error: new AppError('deadline-exceeded'), status: 504 };
  }
  // node-postgres's own timeouts and lost connections carry no code, only their words. A
  // transaction whose statement got no reply fails on its ROLLBACK: the connection was dropped
  // (packages/db client.ts), so the client "was closed".
  const words = `${err.message} ${(err.cause as Error | undefined)?.message ?? ''}`;
  if (/Query read timeout/.test(words)) return { error: new AppError('deadline-exceeded'), status: 504 };
  if (
    /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|Client has encountered a connection error|Client was closed and is not queryable/.test(
      words,
    )
  )
    return { error: new AppError('unavailable'), status: 503 };
  const status = err.statusCode ?? 500;
  if (status === 413) return { error: new AppError('out-of-range', 'Request body is too large.'), status: 413 };
  if (status === 415) return { error: new AppError('invalid-argument', 'Unsupported content type.'), status: 415 };
  if (status === 429) return { error: new AppError('resource-exhausted'), status: 429 };
  if (status === 404) return { error: new AppError('not-found'), status: 404 };
  if (status >= 400 && status < 500) return { error: new AppError('invalid-argument'), status: 400 };
  return { error: new AppError('internal'), status: 500 };
}

export function sendError(reply: FastifyReply, req: FastifyRequest, error: AppError, status: number) {
  if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
  if (req.routeOptions.config?.callable) {
    return reply
      .status(status)
      .send({ error: { status: callableStatus(error.code), message: error.message, details: { code: error.code } } });
  }
  return reply.status(status).send({ error: { code: error.code, message: error.message, fields: error.fields } });
}

/** One handler maps every failure to `{ error: { code, message } }`; 5xx detail stays in the log. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { error, status } = fromFastify(err, req);
    if (status >= 500) req.log.error({ err }, 'request failed');
    return sendError(reply, req, error, status);
  });
}
