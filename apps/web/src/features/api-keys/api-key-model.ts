import { fromLocalInput } from '../../lib/local-time.ts';

/**
 * A key given an expiry date works until the end of that day in the user's timezone. Returns the
 * instant as ISO text, 'past' for a day already over, or null for no (or an unreadable) date.
 */
export function expiryFromDate(date: string, timeZone: string, now = Date.now()): string | 'past' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const end = fromLocalInput(`${date}T23:59:59`, timeZone);
  if (end === null || Number.isNaN(end)) return null;
  return end <= now ? 'past' : new Date(end).toISOString();
}
