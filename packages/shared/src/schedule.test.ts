import { describe, expect, it } from 'vitest';
import { type ArmingSchedule, type WeeklyRange, armingState, rangeProblems, scheduleArmedAt } from './schedule.ts';
import { isValidTimeZone } from './time-zone.ts';

const at = (iso: string) => new Date(iso);
const weekdays = (start: string, end: string): WeeklyRange[] => [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));
const office: ArmingSchedule = { ranges: weekdays('08:00', '18:00') };
const state = (
  schedule: ArmingSchedule | null,
  timeZone: string,
  now: string,
  override?: { armed: boolean; until: string },
) => {
  const r = armingState(
    { schedule, timeZone, override: override && { armed: override.armed, until: at(override.until) } },
    at(now),
  );
  return { armed: r.armed, until: r.until?.toISOString() ?? null };
};

/** The first UTC minute after `now` whose state differs, by brute force (the reference for armingState). */
function scanUntil(schedule: ArmingSchedule, timeZone: string, now: Date, days: number): string | null {
  const armed = scheduleArmedAt(schedule, timeZone, now);
  const first = Math.floor(now.getTime() / 60_000) * 60_000 + 60_000;
  for (let t = first; t < now.getTime() + days * 86_400_000; t += 60_000)
    if (scheduleArmedAt(schedule, timeZone, new Date(t)) !== armed) return new Date(t).toISOString();
  return null;
}

describe('scheduleArmedAt', () => {
  it('arms inside a weekday range, end exclusive', () => {
    // 2026-01-05 is a Monday.
    const s = { ranges: [{ day: 1, start: '09:00', end: '17:00' }] };
    expect(scheduleArmedAt(s, 'UTC', at('2026-01-05T08:59:00Z'))).toBe(false);
    expect(scheduleArmedAt(s, 'UTC', at('2026-01-05T09:00:00Z'))).toBe(true);
    expect(scheduleArmedAt(s, 'UTC', at('2026-01-05T16:59:59Z'))).toBe(true);
    expect(scheduleArmedAt(s, 'UTC', at('2026-01-05T17:00:00Z'))).toBe(false);
    expect(scheduleArmedAt(s, 'UTC', at('2026-01-04T10:00:00Z'))).toBe(false);
  });
  it('judges the wall clock of the zone', () => {
    // 09:30 in Paris (CET) is 08:30 UTC; in New York it is 14:30 UTC.
    const s = { ranges: [{ day: 1, start: '09:00', end: '10:00' }] };
    expect(scheduleArmedAt(s, 'Europe/Paris', at('2026-01-05T08:30:00Z'))).toBe(true);
    expect(scheduleArmedAt(s, 'America/New_York', at('2026-01-05T14:30:00Z'))).toBe(true);
    expect(scheduleArmedAt(s, 'America/New_York', at('2026-01-05T08:30:00Z'))).toBe(false);
  });
  it('applies holidays to whole local days, inclusive, a disarming one winning', () => {
    const s: ArmingSchedule = {
      ranges: weekdays('00:00', '24:00'),
      holidays: [
        { from: '2026-07-06', to: '2026-07-07', armed: false },
        { from: '2026-07-11', to: '2026-07-11', armed: true },
        { from: '2026-07-13', to: '2026-07-13', armed: true },
        { from: '2026-07-13', to: '2026-07-13', armed: false },
      ],
    };
    expect(scheduleArmedAt(s, 'Europe/Paris', at('2026-07-05T21:59:00Z'))).toBe(false); // Sunday
    expect(scheduleArmedAt(s, 'Europe/Paris', at('2026-07-05T22:00:00Z'))).toBe(false); // Mon 00:00, holiday
    expect(scheduleArmedAt(s, 'Europe/Paris', at('2026-07-07T21:59:00Z'))).toBe(false); // Tue 23:59, last day
    expect(scheduleArmedAt(s, 'Europe/Paris', at('2026-07-07T22:00:00Z'))).toBe(true); // Wed 00:00
    expect(scheduleArmedAt(s, 'Europe/Paris', at('2026-07-11T12:00:00Z'))).toBe(true); // Saturday, armed holiday
    expect(scheduleArmedAt(s, 'Europe/Paris', at('2026-07-13T12:00:00Z'))).toBe(false);
  });
});

describe('armingState', () => {
  it('is armed until the local end of the range', () => {
    // Wednesday 2026-06-10 12:00 in Paris (CEST).
    expect(state(office, 'Europe/Paris', '2026-06-10T10:00:00Z')).toEqual({
      armed: true,
      until: '2026-06-10T16:00:00.000Z',
    });
    expect(state(office, 'Europe/Paris', '2026-06-10T17:00:00Z')).toEqual({
      armed: false,
      until: '2026-06-11T06:00:00.000Z',
    });
    // Friday evening: disarmed for the weekend.
    expect(state(office, 'Europe/Paris', '2026-06-12T17:00:00Z').until).toBe('2026-06-15T06:00:00.000Z');
    // Exactly at the end the new state holds.
    expect(state(office, 'Europe/Paris', '2026-06-10T16:00:00Z').armed).toBe(false);
  });
  it('merges ranges across midnight', () => {
    const s = {
      ranges: [
        { day: 1, start: '22:00', end: '24:00' },
        { day: 2, start: '00:00', end: '06:00' },
      ],
    };
    expect(state(s, 'Europe/Paris', '2026-06-08T21:00:00Z')).toEqual({
      armed: true,
      until: '2026-06-09T04:00:00.000Z',
    });
  });
  it('wraps the week from Saturday to Sunday', () => {
    const s = {
      ranges: [
        { day: 6, start: '22:00', end: '24:00' },
        { day: 0, start: '00:00', end: '02:00' },
      ],
    };
    expect(state(s, 'UTC', '2026-01-10T23:00:00Z')).toEqual({ armed: true, until: '2026-01-11T02:00:00.000Z' });
    expect(state(s, 'UTC', '2026-01-11T03:00:00Z')).toEqual({ armed: false, until: '2026-01-17T22:00:00.000Z' });
  });
  it('handles spring forward in Paris (2026-03-29, 02:00 → 03:00)', () => {
    const late = { ranges: [{ day: 0, start: '02:30', end: '04:00' }] };
    // 02:30 does not exist: the range starts at 03:00 CEST, the transition instant.
    expect(scheduleArmedAt(late, 'Europe/Paris', at('2026-03-29T00:59:00Z'))).toBe(false);
    expect(scheduleArmedAt(late, 'Europe/Paris', at('2026-03-29T01:00:00Z'))).toBe(true);
    expect(state(late, 'Europe/Paris', '2026-03-29T00:30:00Z')).toEqual({
      armed: false,
      until: '2026-03-29T01:00:00.000Z',
    });
    expect(state(late, 'Europe/Paris', '2026-03-29T01:30:00Z').until).toBe('2026-03-29T02:00:00.000Z');
    // 01:00 CET to 03:00 CEST is one hour.
    const early = { ranges: [{ day: 0, start: '01:00', end: '03:00' }] };
    expect(state(early, 'Europe/Paris', '2026-03-28T23:30:00Z')).toEqual({
      armed: false,
      until: '2026-03-29T00:00:00.000Z',
    });
    expect(state(early, 'Europe/Paris', '2026-03-29T00:30:00Z').until).toBe('2026-03-29T01:00:00.000Z');
  });
  it('handles fall back in Paris (2026-10-25, 03:00 → 02:00), judging the repeated hour by wall time', () => {
    const late = { ranges: [{ day: 0, start: '02:30', end: '04:00' }] };
    expect(state(late, 'Europe/Paris', '2026-10-25T00:15:00Z')).toEqual({
      armed: false,
      until: '2026-10-25T00:30:00.000Z', // 02:30 CEST
    });
    expect(state(late, 'Europe/Paris', '2026-10-25T00:45:00Z').until).toBe('2026-10-25T01:00:00.000Z'); // back to 02:00
    expect(state(late, 'Europe/Paris', '2026-10-25T01:15:00Z')).toEqual({
      armed: false,
      until: '2026-10-25T01:30:00.000Z', // 02:30 CET
    });
    expect(state(late, 'Europe/Paris', '2026-10-25T01:45:00Z').until).toBe('2026-10-25T03:00:00.000Z'); // 04:00 CET
    // 01:00 CEST to 03:00 CET is three hours.
    const early = { ranges: [{ day: 0, start: '01:00', end: '03:00' }] };
    expect(state(early, 'Europe/Paris', '2026-10-24T23:30:00Z')).toEqual({
      armed: true,
      until: '2026-10-25T02:00:00.000Z',
    });
  });
  it('handles both changes in New York (2026-03-08 and 2026-11-01)', () => {
    const early = { ranges: [{ day: 0, start: '01:00', end: '03:00' }] };
    const late = { ranges: [{ day: 0, start: '02:30', end: '04:00' }] };
    const ny = 'America/New_York';
    expect(state(early, ny, '2026-03-08T05:30:00Z')).toEqual({ armed: false, until: '2026-03-08T06:00:00.000Z' });
    expect(state(early, ny, '2026-03-08T06:30:00Z')).toEqual({ armed: true, until: '2026-03-08T07:00:00.000Z' });
    expect(state(late, ny, '2026-03-08T06:30:00Z')).toEqual({ armed: false, until: '2026-03-08T07:00:00.000Z' });
    expect(state(late, ny, '2026-03-08T07:00:00Z')).toEqual({ armed: true, until: '2026-03-08T08:00:00.000Z' });
    // Fall back at 06:00Z: 01:00 EDT (05:00Z) to 03:00 EST (08:00Z) without a break at the repeated 01:00.
    expect(state(early, ny, '2026-11-01T05:30:00Z')).toEqual({ armed: true, until: '2026-11-01T08:00:00.000Z' });
    expect(state(late, ny, '2026-11-01T05:30:00Z')).toEqual({ armed: false, until: '2026-11-01T07:30:00.000Z' });
  });
  it('handles a 30-minute-offset zone with a one-hour shift (Pacific/Chatham, 2026-09-27)', () => {
    // 02:45 +12:45 becomes 03:45 +13:45 at 14:00Z; 02:00 +12:45 is 13:15Z, 04:00 +13:45 is 14:15Z.
    const s = { ranges: [{ day: 0, start: '02:00', end: '04:00' }] };
    expect(state(s, 'Pacific/Chatham', '2026-09-26T13:00:00Z')).toEqual({
      armed: false,
      until: '2026-09-26T13:15:00.000Z',
    });
    expect(state(s, 'Pacific/Chatham', '2026-09-26T13:30:00Z').until).toBe('2026-09-26T14:15:00.000Z');
  });
  it('agrees with a minute-by-minute scan around DST changes', () => {
    // Odd ranges on every day of the week, checked every 37 minutes over the change days.
    const ranges: WeeklyRange[] = [];
    for (let day = 0; day < 7; day++) {
      ranges.push({ day, start: '00:00', end: '01:10' }, { day, start: '02:15', end: '02:45' });
      ranges.push({ day, start: '03:00', end: '03:20' }, { day, start: '23:30', end: '24:00' });
    }
    const s = { ranges };
    const cases: [string, string][] = [
      ['Europe/Paris', '2026-03-28T20:00:00Z'],
      ['Europe/Paris', '2026-10-24T20:00:00Z'],
      ['America/New_York', '2026-11-01T02:00:00Z'],
      ['Pacific/Chatham', '2026-04-04T10:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T12:00:00Z'],
    ];
    for (const [tz, from] of cases) {
      for (let t = at(from).getTime(); t < at(from).getTime() + 12 * 3_600_000; t += 37 * 60_000) {
        const now = new Date(t);
        expect(
          armingState({ schedule: s, timeZone: tz }, now).until?.toISOString() ?? null,
          `${tz} ${now.toISOString()}`,
        ).toBe(scanUntil(s, tz, now, 2));
      }
    }
  });
  it('says when a disarming holiday of two weeks ends', () => {
    const always = { ranges: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' })) };
    const holidays = [{ from: '2026-07-06', to: '2026-07-19', armed: false }];
    // Disarmed until local midnight after the last day (CEST).
    expect(state({ ...always, holidays }, 'Europe/Paris', '2026-07-06T10:00:00Z')).toEqual({
      armed: false,
      until: '2026-07-19T22:00:00.000Z',
    });
    // With office hours, until the first range after it: Monday 2026-07-20 08:00.
    expect(state({ ...office, holidays }, 'Europe/Paris', '2026-07-06T10:00:00Z')).toEqual({
      armed: false,
      until: '2026-07-20T06:00:00.000Z',
    });
    // Before it starts, the holiday cuts a range short at midnight.
    expect(state({ ...always, holidays }, 'Europe/Paris', '2026-07-05T10:00:00Z').until).toBe(
      '2026-07-05T22:00:00.000Z',
    );
  });
  it('arms a whole day with an arming holiday', () => {
    const s = { ...office, holidays: [{ from: '2026-07-04', to: '2026-07-04', armed: true }] }; // a Saturday
    expect(state(s, 'Europe/Paris', '2026-07-03T18:00:00Z')).toEqual({
      armed: false,
      until: '2026-07-03T22:00:00.000Z',
    });
    expect(state(s, 'Europe/Paris', '2026-07-04T10:00:00Z')).toEqual({
      armed: true,
      until: '2026-07-04T22:00:00.000Z',
    });
  });
  it('finds a holiday far ahead when nothing else changes', () => {
    const s = { ranges: [], holidays: [{ from: '2026-12-24', to: '2026-12-25', armed: true }] };
    expect(state(s, 'UTC', '2026-06-01T00:00:00Z')).toEqual({ armed: false, until: '2026-12-24T00:00:00.000Z' });
    expect(state({ ranges: [] }, 'UTC', '2026-06-01T00:00:00Z')).toEqual({ armed: false, until: null });
  });
  it('lets an override win until it expires, then follows the schedule', () => {
    const paris = 'Europe/Paris';
    // Wednesday 12:00: disarmed by hand for an hour, back to armed.
    expect(state(office, paris, '2026-06-10T10:00:00Z', { armed: false, until: '2026-06-10T11:00:00Z' })).toEqual({
      armed: false,
      until: '2026-06-10T11:00:00.000Z',
    });
    // Armed by hand while the schedule also arms: until the schedule's end.
    expect(state(office, paris, '2026-06-10T10:00:00Z', { armed: true, until: '2026-06-10T11:00:00Z' })).toEqual({
      armed: true,
      until: '2026-06-10T16:00:00.000Z',
    });
    // Armed by hand at night into the next working day: until that day's end.
    expect(state(office, paris, '2026-06-10T18:00:00Z', { armed: true, until: '2026-06-11T07:00:00Z' })).toEqual({
      armed: true,
      until: '2026-06-11T16:00:00.000Z',
    });
    expect(state(office, paris, '2026-06-10T18:00:00Z', { armed: true, until: '2026-06-10T20:00:00Z' })).toEqual({
      armed: true,
      until: '2026-06-10T20:00:00.000Z',
    });
    // An expired override no longer counts.
    expect(state(office, paris, '2026-06-10T18:00:00Z', { armed: true, until: '2026-06-10T17:00:00Z' }).armed).toBe(
      false,
    );
  });
  it('arms always without a schedule', () => {
    expect(state(null, 'Europe/Paris', '2026-06-10T10:00:00Z')).toEqual({ armed: true, until: null });
    expect(
      state(null, 'Europe/Paris', '2026-06-10T10:00:00Z', { armed: false, until: '2026-06-10T11:00:00Z' }),
    ).toEqual({ armed: false, until: '2026-06-10T11:00:00.000Z' });
    expect(state(null, 'Europe/Paris', '2026-06-10T10:00:00Z', { armed: true, until: '2026-06-10T11:00:00Z' })).toEqual(
      {
        armed: true,
        until: null,
      },
    );
  });
  it('is fast enough for a camera list', () => {
    const s = { ...office, holidays: [{ from: '2026-12-24', to: '2026-12-26', armed: false }] };
    const start = performance.now();
    for (let i = 0; i < 1000; i++)
      armingState({ schedule: s, timeZone: 'Europe/Paris' }, new Date(Date.UTC(2026, 5, 1) + i * 7_919_000));
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe('time zones and ranges', () => {
  it('knows time zones', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
  it('reports inverted, empty and overlapping ranges, not adjacent ones', () => {
    expect(rangeProblems([{ day: 1, start: '10:00', end: '09:00' }]).map((p) => p.index)).toEqual([0]);
    expect(rangeProblems([{ day: 1, start: '10:00', end: '10:00' }]).map((p) => p.index)).toEqual([0]);
    expect(
      rangeProblems([
        { day: 1, start: '10:00', end: '12:00' },
        { day: 1, start: '11:00', end: '13:00' },
      ]),
    ).toEqual([{ index: 1, message: 'overlaps another range of the same day' }]);
    expect(
      rangeProblems([
        { day: 1, start: '10:00', end: '12:00' },
        { day: 1, start: '12:00', end: '14:00' },
        { day: 2, start: '11:00', end: '24:00' },
      ]),
    ).toEqual([]);
  });
});
