import { AppError } from './app-error.ts';

/**
 * A query's instant (`from`, `to`): only full ISO 8601 with a zone or Z, since Date.parse would
 * also accept "March 3" and local times; anything else is `invalid-argument` on that field.
 */
export function isoInstant(value: string, field: string): Date {
  const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  const ms = ok ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms))
    throw new AppError('invalid-argument', 'Invalid request parameters.', { [field]: 'not an ISO 8601 time' });
  return new Date(ms);
}
