import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatPercent,
  formatWeekday,
  formatBytes,
  formatClock,
  formatDate,
  formatDateTime,
  formatNumber,
  timeZones,
  trialDaysLeft,
  usagePercent,
} from './format.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('trialDaysLeft', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  it('reads 7 for a trial that just started', () => {
    expect(trialDaysLeft(new Date(now.getTime() + 7 * DAY).toISOString(), now)).toBe(7);
  });
  it('rounds a partial day up', () => {
    expect(trialDaysLeft(new Date(now.getTime() + 2 * DAY + 60_000).toISOString(), now)).toBe(3);
    expect(trialDaysLeft(new Date(now.getTime() + 60_000).toISOString(), now)).toBe(1);
  });
  it('never goes below zero', () => {
    expect(trialDaysLeft(new Date(now.getTime() - 3 * DAY).toISOString(), now)).toBe(0);
    expect(trialDaysLeft(now.toISOString(), now)).toBe(0);
  });
  it('reads missing or garbage dates as 0', () => {
    expect(trialDaysLeft(null, now)).toBe(0);
    expect(trialDaysLeft('not a date', now)).toBe(0);
  });
});

describe('formatDateTime', () => {
  const iso = '2025-01-15T23:30:00Z';
  it('shows the instant in the user timezone', () => {
    expect(formatDateTime(iso, 'Asia/Tokyo', 'en')).toContain('Jan 16, 2025');
    expect(formatDateTime(iso, 'America/New_York', 'en')).toContain('Jan 15, 2025');
    expect(formatDateTime(iso, 'America/New_York', 'en')).toContain('6:30');
  });
  it('falls back to UTC for an unknown zone instead of throwing', () => {
    expect(formatDateTime(iso, 'Mars/Olympus', 'en')).toContain('11:30');
  });
  it('is empty for missing or invalid dates', () => {
    expect(formatDateTime(null, 'UTC', 'en')).toBe('');
    expect(formatDateTime('nope', 'UTC', 'en')).toBe('');
  });
});

describe('usagePercent', () => {
  it.each([
    [0, 10, 0],
    [5, 10, 50],
    [15, 10, 100],
    [0, 0, 0],
    [1, 0, 100],
  ])('%i of %i → %i%%', (used, limit, pct) => {
    expect(usagePercent(used, limit)).toBe(pct);
  });
});

describe('timeZones', () => {
  it('lists the IANA zones and keeps a current zone that is missing', () => {
    expect(timeZones()).toContain('Europe/Paris');
    expect(timeZones('Legacy/Zone')[0]).toBe('Legacy/Zone');
    expect(timeZones('Europe/Paris').filter((z) => z === 'Europe/Paris')).toHaveLength(1);
  });
});

describe('formatting follows the language', () => {
  const iso = '2026-11-22T11:28:05Z';
  it('writes dates and times the French way', () => {
    expect(formatDateTime(iso, 'UTC', 'fr')).toBe('22 nov. 2026, 11:28');
    expect(formatDateTime(iso, 'UTC', 'fr', 'second')).toBe('22 nov. 2026, 11:28:05');
    expect(formatDateTime(iso, 'UTC', 'en', 'second')).toBe('Nov 22, 2026, 11:28:05 AM');
    expect(formatClock(Date.parse(iso), 'Europe/Paris', 'fr')).toBe('12:28:05');
    // The timeline's tick labels: hours and minutes.
    expect(formatClock(Date.parse(iso), 'Europe/Paris', 'fr', { seconds: false })).toBe('12:28');
  });
  it('writes numbers with the language’s decimal separator', () => {
    expect(formatNumber(0.077, 'fr', 2)).toBe('0,08');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
  });
  it('writes sizes in decimal units named in the language', () => {
    expect(formatBytes(972_500, 'en')).toBe('972.5\u00a0KB');
    expect(formatBytes(972_500, 'fr')).toBe('972,5\u00a0Ko');
    expect(formatBytes(77e6, 'fr')).toBe('77\u00a0Mo');
    expect(formatBytes(10e9, 'fr')).toBe('10\u00a0Go');
    expect(formatBytes(2_450_000_000, 'en')).toBe('2.5\u00a0GB');
    expect(formatBytes(512, 'en')).toBe('512\u00a0B');
    expect(formatBytes(512, 'fr')).toBe('512\u00a0o');
  });
});

describe('formatDate', () => {
  it('is the day in the user timezone, in the language', () => {
    expect(formatDate('2025-01-15T23:30:00Z', 'Asia/Tokyo', 'en')).toBe('Jan 16, 2025');
    expect(formatDate('2025-01-15T23:30:00Z', 'Europe/Paris', 'fr')).toBe('16 janv. 2025');
    expect(formatDate(null, 'UTC', 'en')).toBe('');
    expect(formatDate('2025-01-15T10:00:00Z', 'Not/AZone', 'en')).toBe('Jan 15, 2025');
  });
});

describe('calendar days, weekdays and percentages', () => {
  it('writes a day without shifting it, in each language', () => {
    expect(formatCalendarDay('2026-03-29', 'en')).toBe('Mar 29');
    expect(formatCalendarDay('2026-03-29', 'fr')).toBe('29 mars');
    expect(formatCalendarDay('2026-03-29', 'en', 'long')).toBe('March 29, 2026');
    expect(formatCalendarDay('nope', 'en')).toBe('nope');
  });
  it('names ISO weekdays from Monday', () => {
    expect([1, 7].map((d) => formatWeekday(d, 'en'))).toEqual(['Mon', 'Sun']);
    expect(formatWeekday(1, 'fr', 'long')).toBe('lundi');
  });
  it('writes a ratio as a percentage', () => {
    expect(formatPercent(0.9734, 'en')).toBe('97.3%');
    expect(formatPercent(0.9734, 'fr')).toBe('97,3\u00a0%');
  });
});
