import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * Text that PostgreSQL cannot store and processes cannot be handed: NUL, and UTF-16 halves
 * without their other half (JSON can spell both). Refused once, for every route, before any
 * validation: a display name, a camera URL, a `where` value and a cursor all arrive here.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_DEPTH = 32;

/** The path of the first unstorable string (or key) in a parsed value, or null. */
export function findUnstorable(value: unknown, where = '', depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? where || 'value' : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth > MAX_DEPTH) return where || 'value';
  for (const [key, inner] of Object.entries(value)) {
    const at = where ? `${where}.${key}` : key;
    if (UNSTORABLE.test(key)) return at;
    const found = findUnstorable(inner, at, depth + 1);
    if (found) return found;
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance) {
  // A callback, not an async function: every request passes here, and a promise per hook adds up.
  app.addHook('preValidation', (req, _reply, done) => {
    const field = findUnstorable(req.params) ?? findUnstorable(req.query) ?? findUnstorable(req.body);
    if (!field) return done();
    done(
      new AppError('invalid-argument', 'Invalid request parameters.', {
        [field.split('.')[0]!]: 'contains a character that cannot be stored (NUL or a broken UTF-16 pair)',
      }),
    );
  });
}
