import { trialDaysLeft as trialDaysAt } from '@vigil/shared';

/**
 * Whole days left in the trial, rounded up so a fresh 7-day trial reads 7; never negative. The
 * count is the shared state machine's (the server's /billing says the same), read from the wire's ISO text.
 */
export function trialDaysLeft(trialEndDate: string | null | undefined, now: Date = new Date()): number {
  const end = trialEndDate ? Date.parse(trialEndDate) : Number.NaN;
  return Number.isNaN(end) ? 0 : trialDaysAt(new Date(end), now);
}

/**
 * The app's one set of formatting helpers: every date, time, number and size on screen goes
 * through here with the current language (i18n.language), so French never shows `11/22/2026`
 * or `972.5 KB`.
 */

/** A date-time in the user's timezone (spec §3 preferences.timezone); bad zones fall back to UTC. */
export function formatDateTime(
  iso: string | null | undefined,
  timeZone: string | undefined,
  locale: string,
  precision: 'minute' | 'second' = 'minute',
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = {
    dateStyle: 'medium',
    timeStyle: precision === 'second' ? 'medium' : 'short',
  };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
  }
}

/** A calendar date (no time) of an instant in the user's timezone: invoice dates, a trial's end day. */
export function formatDate(iso: string | null | undefined, timeZone: string | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  }
}

/** Wall-clock time of an instant in the user's zone, to the second, 24-hour. */
export function formatClock(ms: number, timeZone: string, locale: string, { seconds = true } = {}): string {
  const opts: Intl.DateTimeFormatOptions = {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  };
  try {
    return new Intl.DateTimeFormat(locale, { ...opts, timeZone }).format(ms);
  } catch {
    return new Intl.DateTimeFormat(locale, { ...opts, timeZone: 'UTC' }).format(ms);
  }
}

export function formatNumber(value: number, locale: string, maximumFractionDigits = 1): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value);
}

/** French writes octets (Ko, Mo, Go); everything else gets the English byte units. */
const BYTE_UNITS: Record<string, readonly string[]> = {
  en: ['B', 'KB', 'MB', 'GB', 'TB'],
  fr: ['o', 'Ko', 'Mo', 'Go', 'To'],
};

/**
 * A byte count in decimal units (GB = 10^9 bytes, like the plan's maxStorage), one decimal at most,
 * with the language's decimal separator and unit names: `972.5 KB`, `972,5 Ko`.
 */
export function formatBytes(bytes: number, locale: string): string {
  const units = BYTE_UNITS[locale.slice(0, 2)] ?? (BYTE_UNITS.en as readonly string[]);
  let value = Math.max(0, bytes);
  let i = 0;
  while (value >= 1000 && i < units.length - 1) {
    value /= 1000;
    i += 1;
  }
  // No-break space: the unit never wraps away from its number.
  return `${formatNumber(value, locale, i === 0 ? 0 : 1)}\u00a0${units[i]}`;
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

/**
 * A calendar day (`YYYY-MM-DD`, no instant: a day of a report, of a chart) the reader's way:
 * `short` "Mar 27" / "27 mars", `long` "March 27, 2026" / "27 mars 2026". Read at UTC midnight in
 * UTC, so it never shifts a day; a malformed day is returned as it is.
 */
export function formatCalendarDay(day: string, locale: string, style: 'short' | 'long' = 'short'): string {
  const t = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(t)) return day;
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: style === 'short' ? 'short' : 'long',
    ...(style === 'long' ? { year: 'numeric' } : {}),
  }).format(t);
}

/** An ISO weekday (Monday 1 … Sunday 7) by name: "Mon" / "lun.", or "Monday" / "lundi". */
export function formatWeekday(isoWeekday: number, locale: string, style: 'short' | 'long' = 'short'): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: style }).format(
    Date.UTC(2024, 0, ((isoWeekday - 1) % 7) + 1),
  );
}

/** A ratio (0.973) as a percentage with the language's spacing and separator: "97.3%", "97,3 %". */
export function formatPercent(ratio: number, locale: string, maximumFractionDigits = 1): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits }).format(ratio);
}
