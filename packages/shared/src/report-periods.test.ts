import { describe, expect, it } from 'vitest';
import { nextScheduledRun, periodDays, reportPeriod, scheduledPeriod } from './report-periods.ts';

const iso = (p: { from: Date; to: Date }) => [p.from.toISOString(), p.to.toISOString()];

describe('report periods', () => {
  it('weeks run Monday to Monday on the zone’s wall clock', () => {
    // Wednesday 2026-03-11 in Paris (UTC+1).
    const now = new Date('2026-03-11T10:00:00Z');
    expect(iso(reportPeriod('last-week', now, 'Europe/Paris'))).toEqual([
      '2026-03-01T23:00:00.000Z',
      '2026-03-08T23:00:00.000Z',
    ]);
    expect(iso(reportPeriod('this-week', now, 'Europe/Paris'))).toEqual([
      '2026-03-08T23:00:00.000Z',
      '2026-03-15T23:00:00.000Z',
    ]);
    // A Monday just after midnight local is already the new week.
    expect(reportPeriod('this-week', new Date('2026-03-08T23:30:00Z'), 'Europe/Paris').from.toISOString()).toBe(
      '2026-03-08T23:00:00.000Z',
    );
  });

  it('a week across the spring DST change is 167 hours and still 7 days', () => {
    const p = reportPeriod('last-week', new Date('2026-04-01T12:00:00Z'), 'Europe/Paris');
    expect(iso(p)).toEqual(['2026-03-22T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect((p.to.getTime() - p.from.getTime()) / 3_600_000).toBe(167);
    expect(periodDays(p.from, p.to)).toBe(7);
  });

  it('months run from the 1st to the 1st, across a year end', () => {
    expect(iso(reportPeriod('last-month', new Date('2026-01-15T00:00:00Z'), 'America/New_York'))).toEqual([
      '2025-12-01T05:00:00.000Z',
      '2026-01-01T05:00:00.000Z',
    ]);
    expect(iso(reportPeriod('this-month', new Date('2026-02-10T00:00:00Z'), 'UTC'))).toEqual([
      '2026-02-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
  });

  it('a schedule reports on the last whole period and runs next when the current one ends', () => {
    const now = new Date('2026-03-11T10:00:00Z');
    expect(scheduledPeriod('monthly', now, 'UTC').from.toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(nextScheduledRun('weekly', now, 'UTC').toISOString()).toBe('2026-03-16T00:00:00.000Z');
    expect(nextScheduledRun('monthly', now, 'Asia/Tokyo').toISOString()).toBe('2026-03-31T15:00:00.000Z');
  });
});
