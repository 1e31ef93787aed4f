import { ERROR_HTTP_STATUS, ERROR_MESSAGES, type ErrorCode } from '@vigil/shared';

/**
 * The error answers of the OpenAPI document: the catalogue's body (`{ error: { code, message,
 * fields? } }`) once under `components.schemas.Error`, one shared response per status under
 * `components.responses`, and the rule choosing which of them each operation lists.
 */

type Json = Record<string, unknown>;

const codesAnswering = (status: number) =>
  (Object.keys(ERROR_HTTP_STATUS) as ErrorCode[]).filter((code) => ERROR_HTTP_STATUS[code] === status);

export const errorSchemas: Record<string, Json> = {
  Error: {
    type: 'object',
    description: 'Every /api/v1 error: a catalogue code and its message.',
    required: ['error'],
    additionalProperties: false,
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', enum: Object.keys(ERROR_MESSAGES) },
          message: { type: 'string' },
          fields: {
            type: 'object',
            description: 'For invalid-argument: which fields were wrong, and why.',
            additionalProperties: { type: 'string' },
          },
        },
      },
    },
  },
  CallableError: {
    type: 'object',
    description: 'An error of the callable protocol (POST /api/fn/{name}): its status name, message and code.',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['status', 'message'],
        properties: {
          status: { type: 'string', example: 'INVALID_ARGUMENT' },
          message: { type: 'string' },
          details: {
            type: 'object',
            properties: { code: { type: 'string', enum: Object.keys(ERROR_MESSAGES) } },
          },
        },
      },
    },
  },
};

/** The shared responses by status, each saying which catalogue codes it carries. */
const RESPONSES: [status: string, name: string, what: string][] = [
  ['400', 'BadRequest', 'The request is malformed or a value is not allowed'],
  ['401', 'Unauthorized', 'No valid session or API key'],
  ['403', 'Forbidden', 'The caller’s role, plan or key may not do this'],
  ['404', 'NotFound', 'No such resource in the caller’s workspace'],
  ['409', 'Conflict', 'It exists already, or a concurrent change won; the same request again may pass'],
  ['429', 'TooManyRequests', 'A rate limit or quota was reached; try again later'],
];

const withCodes = (what: string, status: number) => {
  const codes = codesAnswering(status);
  return codes.length ? `${what} (${codes.join(', ')}).` : `${what}.`;
};

const jsonOf = (schema: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } });

export const errorResponses: Record<string, Json> = {
  ...Object.fromEntries(
    RESPONSES.map(([status, name, what]) => [
      name,
      { description: withCodes(what, Number(status)), content: jsonOf('Error') },
    ]),
  ),
  Unexpected: {
    description:
      'A server-side failure: internal (500), unavailable (503, the database is away), deadline-exceeded (504).',
    content: jsonOf('Error'),
  },
  CallableFailure: {
    description:
      'The callable failed; `error.status` names why (INVALID_ARGUMENT, UNAUTHENTICATED, PERMISSION_DENIED, …).',
    content: jsonOf('CallableError'),
  },
};

export interface OperationFacts {
  method: string;
  path: string;
  /** Reachable without a session or key (sign-in, the payment providers' webhooks). */
  isPublic: boolean;
}

/**
 * Which error answers an operation lists: 400 for all (the input guard and validation stand in
 * front of every route), 401 and 403 unless public, 404 where the path names a resource, 409 for
 * writes (duplicates, and two writers meeting), 429 unless public (API keys' rate limit, plans'
 * quotas) and for public writes (sign-in and sign-up throttles), and a default for the rest.
 */
export function errorResponsesFor(op: OperationFacts): Record<string, Json> {
  const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
  if (op.path.startsWith('/api/fn/')) return { '4XX': ref('CallableFailure'), default: ref('CallableFailure') };
  const write = op.method.toUpperCase() !== 'GET';
  const out: Record<string, Json> = { '400': ref('BadRequest') };
  if (!op.isPublic) {
    out['401'] = ref('Unauthorized');
    out['403'] = ref('Forbidden');
  }
  if (/\{[^}]+\}/.test(op.path)) out['404'] = ref('NotFound');
  if (write) out['409'] = ref('Conflict');
  if (!op.isPublic || write) out['429'] = ref('TooManyRequests');
  out.default = ref('Unexpected');
  return out;
}
