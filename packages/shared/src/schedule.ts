/**
 * Arming schedules, pure: which instants a weekly schedule arms a camera, in a time zone.
 * Ranges are wall-clock times per weekday (0 = Sunday) in the workspace's zone, end exclusive,
 * "24:00" meaning the end of the day; holidays are inclusive local date ranges that arm or disarm
 * the whole day. Everything works on wall-clock time, so DST changes need no special case.
 */
import { offsetAt, wallClock } from './time-zone.ts';

export interface WeeklyRange {
  day: number;
  start: string;
  end: string;
}

/** Minutes since local midnight of "HH:MM" (24:00 → 1440). */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

/** Inverted, empty and overlapping ranges (per weekday), with the index of the offending range. */
export function rangeProblems(ranges: readonly WeeklyRange[]): { index: number; message: string }[] {
  const problems: { index: number; message: string }[] = [];
  const byDay = new Map<number, { index: number; start: number; end: number }[]>();
  ranges.forEach((r, index) => {
    const start = minutesOf(r.start);
    const end = minutesOf(r.end);
    if (!(end > start)) {
      problems.push({ index, message: 'must end after it starts (split a range that crosses midnight in two)' });
      return;
    }
    const list = byDay.get(r.day) ?? [];
    list.push({ index, start, end });
    byDay.set(r.day, list);
  });
  for (const list of byDay.values()) {
    list.sort((a, b) => a.start - b.start);
    for (let i = 1; i < list.length; i++) {
      if (list[i]!.start < list[i - 1]!.end)
        problems.push({ index: list[i]!.index, message: 'overlaps another range of the same day' });
    }
  }
  return problems;
}

export interface ScheduleHoliday {
  from: string;
  to: string;
  armed: boolean;
}

export interface ArmingSchedule {
  ranges: readonly WeeklyRange[];
  holidays?: readonly ScheduleHoliday[] | undefined;
}

export interface ArmingOverride {
  armed: boolean;
  until: Date;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Bounds on candidate lookahead: a week and a bit always, at most this far for holidays and overrides. */
const MIN_HORIZON_DAYS = 8;
const MAX_HORIZON_DAYS = 400;
/** Larger than any UTC offset (+14:00 is the largest in use), so a local day never starts earlier than this. */
const MAX_OFFSET = 16 * 3_600_000;

const isoDay = (wall: number): string => new Date(wall).toISOString().slice(0, 10);

/** The holiday verdict for a local date, if one covers it; a disarming holiday beats an arming one. */
function holidayArmed(holidays: readonly ScheduleHoliday[] | undefined, date: string): boolean | undefined {
  let armed: boolean | undefined;
  for (const h of holidays ?? []) {
    if (h.from <= date && date <= h.to) {
      if (!h.armed) return false;
      armed = true;
    }
  }
  return armed;
}

function armedAtWall(schedule: ArmingSchedule, wall: number): boolean {
  const holiday = holidayArmed(schedule.holidays, isoDay(wall));
  if (holiday !== undefined) return holiday;
  const day = new Date(wall).getUTCDay();
  const minute = Math.floor((wall - Math.floor(wall / DAY) * DAY) / MINUTE);
  return schedule.ranges.some((r) => r.day === day && minutesOf(r.start) <= minute && minute < minutesOf(r.end));
}

/** Whether the schedule arms at instant `at`, judged on the wall clock in `timeZone` (throws on an unknown zone). */
export function scheduleArmedAt(schedule: ArmingSchedule, timeZone: string, at: Date): boolean {
  return armedAtWall(schedule, wallClock(timeZone, at.getTime()));
}

/** Ranges per weekday as minutes, plus the minutes where the weekly pattern may change (always including 0). */
function compileWeek(ranges: readonly WeeklyRange[]) {
  const spans: { start: number; end: number }[][] = [[], [], [], [], [], [], []];
  const bounds: number[][] = [];
  for (const r of ranges) spans[r.day]?.push({ start: minutesOf(r.start), end: minutesOf(r.end) });
  for (const list of spans) {
    const set = new Set<number>([0]);
    for (const s of list) {
      set.add(s.start);
      if (s.end < 1440) set.add(s.end);
    }
    bounds.push([...set].sort((a, b) => a - b));
  }
  const armed = (day: number, minute: number) => spans[day]!.some((s) => s.start <= minute && minute < s.end);
  return { bounds, armed };
}

/** A moment where the state may change; `armed` is known when computed without the time zone database. */
interface Candidate {
  t: number;
  armed?: boolean;
}

/**
 * Armed now, and until when: the first instant after `now` where the state changes (null when it does not
 * within the horizon). A hand override wins until it expires; no schedule means always armed.
 */
export function armingState(
  input: { schedule: ArmingSchedule | null; timeZone: string; override?: ArmingOverride | null },
  now: Date,
): { armed: boolean; until: Date | null } {
  const { schedule, timeZone } = input;
  const nowMs = now.getTime();
  const override = input.override && nowMs < input.override.until.getTime() ? input.override : null;
  const overrideUntil = override ? override.until.getTime() : 0;
  if (!schedule) {
    if (override && !override.armed) return { armed: false, until: override.until };
    return { armed: true, until: null };
  }

  const nowWall = wallClock(timeZone, nowMs);
  const armedNow = override ? override.armed : armedAtWall(schedule, nowWall);
  const stateAt = (c: Candidate): boolean => {
    if (c.t < overrideUntil) return override!.armed;
    return c.armed ?? armedAtWall(schedule, wallClock(timeZone, c.t));
  };

  // Local days are counted from today's local midnight (wall clock read as UTC); day -1 covers "now" being
  // just after a transition near midnight.
  const today = Math.floor(nowWall / DAY) * DAY;
  let lastDay = MIN_HORIZON_DAYS;
  for (const h of schedule.holidays ?? []) {
    const end = (Date.parse(`${h.to}T00:00:00Z`) - today) / DAY + 2;
    if (end > lastDay) lastDay = Math.min(MAX_HORIZON_DAYS, end);
  }
  if (override) {
    const end = Math.ceil((overrideUntil - nowMs) / DAY) + MIN_HORIZON_DAYS;
    lastDay = Math.max(lastDay, Math.min(MAX_HORIZON_DAYS, end));
  }

  const week = compileWeek(schedule.ranges);
  const pending: Candidate[] = override ? [{ t: overrideUntil }] : [];
  // Judge pending candidates earlier than `bound` in time order; later days cannot add any before it.
  const flush = (bound: number): Date | null => {
    pending.sort((a, b) => a.t - b.t);
    let i = 0;
    for (; i < pending.length && pending[i]!.t < bound; i++) {
      const c = pending[i]!;
      if (c.t > nowMs && stateAt(c) !== armedNow) return new Date(c.t);
    }
    pending.splice(0, i);
    return null;
  };

  // off(d) is the offset at the probe p(d) = midnight(d) - off(d - 1). Equal offsets for days d - 1, d and d + 1
  // mean no transition around day d, so its wall times map to instants by plain subtraction.
  const probe = (d: number, prevOffset: number) => today + d * DAY - prevOffset;
  // offsets[d + 2] belongs to day d; offsets[0] only seeds day -1's probe. Filled lazily: most calls stop early.
  const offsets: number[] = [offsetAt(timeZone, nowMs - DAY)];
  const off = (d: number): number => {
    while (offsets.length < d + 3) offsets.push(offsetAt(timeZone, probe(offsets.length - 2, offsets.at(-1)!)));
    return offsets[d + 2]!;
  };

  for (let d = -1; d <= lastDay; d++) {
    const midnight = today + d * DAY;
    const found = flush(midnight - MAX_OFFSET);
    if (found) return { armed: armedNow, until: found };
    const holiday = holidayArmed(schedule.holidays, isoDay(midnight));
    const weekday = new Date(midnight).getUTCDay();
    // A holiday holds for the whole day, so only its edges matter.
    const bounds = holiday === undefined ? week.bounds[weekday]! : [0];
    const o = off(d);
    if (off(d - 1) === o && o === off(d + 1)) {
      for (const m of bounds) pending.push({ t: midnight + m * MINUTE - o, armed: holiday ?? week.armed(weekday, m) });
      continue;
    }
    // A DST change near this day: try each offset in effect nearby and let the time zone database judge.
    for (const oo of new Set([off(d - 1), o, off(d + 1)]))
      for (const m of bounds) pending.push({ t: midnight + m * MINUTE - oo });
    if (o !== off(d + 1)) pending.push({ t: transitionBetween(timeZone, probe(d, off(d - 1)), probe(d + 1, o), o) });
  }
  return { armed: armedNow, until: flush(Number.POSITIVE_INFINITY) };
}

/** The first minute in (lo, hi] whose offset differs from `loOffset` (offsets change on whole minutes). */
function transitionBetween(timeZone: string, lo: number, hi: number, loOffset: number): number {
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / (2 * MINUTE)) * MINUTE;
    if (offsetAt(timeZone, mid) === loOffset) lo = mid;
    else hi = mid;
  }
  return hi;
}
