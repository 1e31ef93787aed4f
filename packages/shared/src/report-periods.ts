/**
 * Report periods on the calendar of a time zone: whole weeks (Monday to Monday) and
 * whole months, midnight to midnight on the zone's wall clock, so a week across a DST change is
 * 167 or 169 hours. The web's presets and the server's schedules read the same periods.
 */
import { dateIn, instantOfWall } from './time-zone.ts';

export const REPORT_PRESETS = ['last-week', 'last-month', 'this-week', 'this-month'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

const DAY_MS = 86_400_000;

/** The instant of midnight starting a calendar day of the zone (month and day may overflow: Date.UTC normalises). */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  return new Date(instantOfWall(timeZone, Date.UTC(year, month - 1, day)));
}

export function reportPeriod(preset: ReportPreset, now: Date, timeZone: string): { from: Date; to: Date } {
  const { y, m, d, weekday } = dateIn(timeZone, now.getTime());
  switch (preset) {
    case 'this-week':
      return { from: zonedMidnight(y, m, d - weekday, timeZone), to: zonedMidnight(y, m, d - weekday + 7, timeZone) };
    case 'last-week':
      return { from: zonedMidnight(y, m, d - weekday - 7, timeZone), to: zonedMidnight(y, m, d - weekday, timeZone) };
    case 'this-month':
      return { from: zonedMidnight(y, m, 1, timeZone), to: zonedMidnight(y, m + 1, 1, timeZone) };
    case 'last-month':
      return { from: zonedMidnight(y, m - 1, 1, timeZone), to: zonedMidnight(y, m, 1, timeZone) };
  }
}

/** The last whole period before `now`: what a schedule reports on when it runs. */
export function scheduledPeriod(frequency: 'weekly' | 'monthly', now: Date, timeZone: string) {
  return reportPeriod(frequency === 'weekly' ? 'last-week' : 'last-month', now, timeZone);
}

/** When the period running at `now` ends: the next scheduled report is made then. */
export function nextScheduledRun(frequency: 'weekly' | 'monthly', now: Date, timeZone: string): Date {
  return reportPeriod(frequency === 'weekly' ? 'this-week' : 'this-month', now, timeZone).to;
}

/** Whole days of a period, rounded (a DST week is still 7). */
export const periodDays = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / DAY_MS);
