import { describe, expect, it } from 'vitest';
import {
  addDays,
  apiPeriod,
  filtersFromQuery,
  filtersToQuery,
  heatGrid,
  hoursMinutes,
  periodProblem,
} from './analytics-model.ts';
import { todayIn } from '../../lib/local-time.ts';

describe('analytics model', () => {
  const today = '2026-03-29';
  it('turns a preset into local dates, the end exclusive', () => {
    const f = filtersFromQuery(new URLSearchParams(), today);
    expect(f.preset).toBe('30');
    expect(apiPeriod(f, today)).toEqual({ from: '2026-02-28', to: '2026-03-30' });
    expect(apiPeriod({ ...f, preset: '7' }, today)).toEqual({ from: '2026-03-23', to: '2026-03-30' });
  });
  it('keeps a custom period in the URL and checks it', () => {
    const f = filtersFromQuery(new URLSearchParams('period=custom&from=2026-01-01&to=2026-01-31&siteId=s'), today);
    expect(apiPeriod(f, today)).toEqual({ from: '2026-01-01', to: '2026-02-01' });
    expect(filtersToQuery(f, new URLSearchParams('x=1')).toString()).toBe(
      'x=1&period=custom&from=2026-01-01&to=2026-01-31&siteId=s',
    );
    expect(periodProblem(f)).toBeNull();
    expect(periodProblem({ ...f, from: '2026-02-01' })).toBe('analytics.period.order');
    expect(periodProblem({ ...f, from: '2024-12-31' })).toBe('analytics.period.tooLong');
    expect(periodProblem({ ...f, from: '2025-01-31' })).toBeNull(); // 366 days, both ends included
    // The default period leaves the URL alone; an unknown period reads as the default.
    expect(filtersToQuery({ ...f, preset: '30', siteId: '' }, new URLSearchParams()).toString()).toBe('');
    expect(filtersFromQuery(new URLSearchParams('period=week'), today).preset).toBe('30');
  });
  it('counts days across a month and reads today in a zone', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(todayIn('Pacific/Kiritimati', Date.parse('2026-03-29T12:00:00Z'))).toBe('2026-03-30');
    expect(todayIn('Nowhere/Else', Date.parse('2026-03-29T12:00:00Z'))).toBe('2026-03-29');
  });
  it('lays the heat map out by weekday and hour, and splits durations', () => {
    const grid = heatGrid({ from: '', to: '', timeZone: 'UTC', total: 3, cells: [{ weekday: 7, hour: 23, count: 3 }] });
    expect(grid[6]![23]).toBe(3);
    expect(grid.flat().reduce((a, b) => a + b, 0)).toBe(3);
    expect(hoursMinutes(5 * 3600 + 29)).toEqual({ h: 5, m: 0 });
    expect(hoursMinutes(2700)).toEqual({ h: 0, m: 45 });
  });
});
