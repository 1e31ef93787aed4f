const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left in the trial, rounded up so a fresh 7-day trial reads 7; never negative. */
export function trialDaysLeft(trialEndDate: string | null | undefined, now: Date = new Date()): number {
  if (!trialEndDate) return 0;
  const end = Date.parse(trialEndDate);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

/** A date-time in the user's timezone (spec §3 preferences.timezone); bad zones fall back to UTC. */
export function formatDateTime(iso: string | null | undefined, timeZone: string | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
  }
}

/** Share of a limit used, 0–100, for progress bars; a zero limit is full only when used. */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

/** Every IANA zone the browser knows, with the current one kept even if missing. */
export function timeZones(current?: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : ['UTC'];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
