import { describe, expect, it } from 'vitest';
import { dayInputOf, endOfDayIso } from './trial-date.ts';

describe('trial date input', () => {
  it('round-trips a day through the end of that day', () => {
    const iso = endOfDayIso('2026-03-09')!;
    expect(dayInputOf(iso)).toBe('2026-03-09');
    const d = new Date(iso);
    expect([d.getHours(), d.getMinutes()]).toEqual([23, 59]);
  });
  it('refuses what is not a day', () => {
    expect(endOfDayIso('')).toBeNull();
    expect(endOfDayIso('2026-02-30')).toBeNull();
    expect(dayInputOf('nope')).toBe('');
  });
});
