import { createScheduleSchema, scheduleArmedAt } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  type ScheduleForm,
  barGeometry,
  dayName,
  daySpans,
  formProblems,
  formatDay,
  hasProblems,
  holidayOf,
  presetRanges,
  rangeOf,
  rangeRow,
  serverFieldErrors,
  serverMessageKey,
  weekDays,
  weeklyMinutes,
} from './schedule-model.ts';
import { todayIn } from '../../lib/local-time.ts';

const form = (patch: Partial<ScheduleForm>): ScheduleForm => ({ name: 'Shop', ranges: [], holidays: [], ...patch });
const row = (day: number, start: string, end: string) => rangeRow({ day, start, end });

describe('presets', () => {
  it('every preset passes the server contract', () => {
    for (const id of ['allDay', 'weekdays', 'nights'] as const) {
      expect(createScheduleSchema.safeParse({ name: id, ranges: presetRanges(id) }).success).toBe(true);
    }
  });

  it('nights split across midnight: armed Monday 23:00 and Tuesday 07:59, not Tuesday 08:00', () => {
    const s = { ranges: presetRanges('nights') };
    expect(presetRanges('nights')).toHaveLength(14);
    expect(scheduleArmedAt(s, 'UTC', new Date('2026-01-05T23:00:00Z'))).toBe(true);
    expect(scheduleArmedAt(s, 'UTC', new Date('2026-01-06T07:59:00Z'))).toBe(true);
    expect(scheduleArmedAt(s, 'UTC', new Date('2026-01-06T08:00:00Z'))).toBe(false);
    expect(scheduleArmedAt(s, 'UTC', new Date('2026-01-06T17:59:00Z'))).toBe(false);
  });

  it('weekdays arm Monday to Friday 08:00–18:00 only; all day covers 24 h × 7', () => {
    expect(presetRanges('weekdays').map((r) => r.day)).toEqual([1, 2, 3, 4, 5]);
    expect(weeklyMinutes(presetRanges('weekdays'))).toBe(5 * 10 * 60);
    expect(weeklyMinutes(presetRanges('allDay'))).toBe(7 * 24 * 60);
  });
});

describe('week bar geometry', () => {
  it('merges touching and overlapping ranges per day, ignores inverted ones', () => {
    const spans = daySpans([
      { day: 1, start: '12:00', end: '18:00' },
      { day: 1, start: '08:00', end: '12:00' },
      { day: 1, start: '17:00', end: '19:00' },
      { day: 2, start: '10:00', end: '09:00' },
      { day: 3, start: '22:00', end: '24:00' },
    ]);
    expect(spans[1]).toEqual([{ start: 480, end: 1140 }]);
    expect(spans[2]).toEqual([]);
    expect(spans[3]).toEqual([{ start: 1320, end: 1440 }]);
  });

  it('places spans in percent of the day', () => {
    expect(barGeometry({ start: 0, end: 1440 })).toEqual({ left: 0, width: 100 });
    expect(barGeometry({ start: 360, end: 1080 })).toEqual({ left: 25, width: 50 });
    expect(barGeometry({ start: 1320, end: 1440 })).toEqual({ left: 91.67, width: 8.33 });
  });

  it('orders the week by language and names days in it', () => {
    expect(weekDays('en')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekDays('fr')).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(dayName(1, 'en')).toBe('Monday');
    expect(dayName(0, 'fr')).toBe('dimanche');
    expect(formatDay('2026-12-25', 'fr')).toBe('25 déc. 2026');
    expect(formatDay('2026-12-25', 'en')).toBe('Dec 25, 2026');
  });
});

describe('form checks', () => {
  it('finds inverted, overlapping and incomplete rows by their index', () => {
    const p = formProblems(
      form({
        ranges: [
          row(1, '08:00', '12:00'),
          row(1, '11:00', '13:00'),
          row(2, '10:00', '09:00'),
          { ...row(3, '10:00', '11:00'), end: '' },
          row(4, '00:00', '24:00'),
        ],
      }),
    );
    expect([...p.ranges]).toEqual([
      [3, 'missing'],
      [2, 'inverted'],
      [1, 'overlap'],
    ]);
  });

  it('"until midnight" sends 24:00; an empty name and reversed holiday are problems', () => {
    const r = row(5, '18:00', '24:00');
    expect(r.untilEnd).toBe(true);
    expect(rangeOf(r)).toEqual({ day: 5, start: '18:00', end: '24:00' });
    const p = formProblems({
      name: '  ',
      ranges: [r],
      holidays: [{ key: 'h', from: '2026-12-26', to: '2026-12-25', armed: false, name: '' }],
    });
    expect(p.name).toBe('missing');
    expect(p.holidays.get(0)).toBe('inverted');
    expect(hasProblems(p)).toBe(true);
    expect(hasProblems(formProblems(form({ ranges: [r] })))).toBe(false);
  });

  it('drops a blank holiday name', () => {
    expect(holidayOf({ key: 'h', from: '2026-01-01', to: '2026-01-01', armed: true, name: ' ' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-01',
      armed: true,
    });
  });
});

describe('server answers', () => {
  it('reads field keys with and without a row', () => {
    const e = serverFieldErrors({ 'ranges.2': 'overlaps', 'holidays/1': 'bad', name: 'too long', other: 'x' });
    expect(e.rangeRows.get(2)).toBe('overlaps');
    expect(e.holidayRows.get(1)).toBe('bad');
    expect(e.name).toBe('too long');
    expect(serverFieldErrors({ ranges: 'overlaps another range of the same day' }).ranges).toBeDefined();
    expect(serverMessageKey('overlaps another range of the same day')).toBe('schedules.error.overlap');
    expect(serverMessageKey('must end after it starts')).toBe('schedules.error.inverted');
    expect(serverMessageKey('something else')).toBeNull();
  });

  it('knows today in a zone', () => {
    const at = new Date('2026-01-05T23:30:00Z');
    expect(todayIn('Europe/Paris', at)).toBe('2026-01-06');
    expect(todayIn('America/New_York', at)).toBe('2026-01-05');
    expect(todayIn('Not/AZone', at)).toBe('2026-01-05');
  });
});
