import { type Holiday, type Schedule, type ScheduleRange, minutesOf, rangeProblems } from '@vigil/shared';

/**
 * The schedules page's pure model: the editor's rows, quick presets, client checks that
 * mirror the server's (shared rangeProblems), and the week bar's geometry.
 */

export const DAY_MINUTES = 24 * 60;
export const END_OF_DAY = '24:00';

export interface RangeRow {
  key: string;
  day: number;
  start: string;
  end: string;
  /** "24:00": a native time input cannot show it, so a checkbox stands for it. */
  untilEnd: boolean;
}

export interface HolidayRow {
  key: string;
  from: string;
  to: string;
  armed: boolean;
  name: string;
}

export interface ScheduleForm {
  name: string;
  ranges: RangeRow[];
  holidays: HolidayRow[];
}

let counter = 0;
/** React list keys for rows that have no id of their own. */
export const rowKey = () => `row-${++counter}`;

export function rangeRow(range: ScheduleRange): RangeRow {
  const untilEnd = range.end === END_OF_DAY;
  return { key: rowKey(), day: range.day, start: range.start, end: untilEnd ? '' : range.end, untilEnd };
}

export function holidayRow(h: Holiday): HolidayRow {
  return { key: rowKey(), from: h.from, to: h.to, armed: h.armed, name: h.name ?? '' };
}

export const emptyForm = (): ScheduleForm => ({ name: '', ranges: [], holidays: [] });

export function formOf(schedule: Schedule): ScheduleForm {
  return {
    name: schedule.name,
    ranges: schedule.ranges.map(rangeRow),
    holidays: schedule.holidays.map(holidayRow),
  };
}

/** A new row: the day after the last row's, 08:00–18:00, so adding rows walks through the week. */
export function nextRangeRow(rows: readonly RangeRow[]): RangeRow {
  const last = rows.at(-1);
  const day = last ? (last.day + 1) % 7 : 1;
  return { key: rowKey(), day, start: '08:00', end: '18:00', untilEnd: false };
}

export function newHolidayRow(today: string): HolidayRow {
  return { key: rowKey(), from: today, to: today, armed: false, name: '' };
}

export const rangeOf = (row: RangeRow): ScheduleRange => ({
  day: row.day,
  start: row.start,
  end: row.untilEnd ? END_OF_DAY : row.end,
});

export function holidayOf(row: HolidayRow): Holiday {
  const name = row.name.trim();
  return { from: row.from, to: row.to, armed: row.armed, ...(name ? { name } : {}) };
}

export type PresetId = 'allDay' | 'weekdays' | 'nights';
export const PRESETS: readonly PresetId[] = ['allDay', 'weekdays', 'nights'];

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
const WEEKDAYS = [1, 2, 3, 4, 5];

/**
 * A preset's ranges. A range may not cross midnight, so "nights 18:00–08:00" is two ranges
 * per day: the evening (18:00–24:00) and the early morning (00:00–08:00).
 */
export function presetRanges(id: PresetId): ScheduleRange[] {
  switch (id) {
    case 'allDay':
      return ALL_DAYS.map((day) => ({ day, start: '00:00', end: END_OF_DAY }));
    case 'weekdays':
      return WEEKDAYS.map((day) => ({ day, start: '08:00', end: '18:00' }));
    case 'nights':
      return ALL_DAYS.flatMap((day) => [
        { day, start: '00:00', end: '08:00' },
        { day, start: '18:00', end: END_OF_DAY },
      ]);
  }
}

/** The days of a week in display order: English weeks start on Sunday, French ones on Monday. */
export function weekDays(language: string): number[] {
  const first = language.startsWith('en') ? 0 : 1;
  return ALL_DAYS.map((d) => (d + first) % 7);
}

/** Weekday names by the language (0 = Sunday), from a known Sunday. */
export function dayName(day: number, language: string, width: 'long' | 'short' = 'long'): string {
  const date = new Date(Date.UTC(2026, 0, 4 + day)); // 2026-01-04 is a Sunday
  return new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(date);
}

/** A calendar date ("YYYY-MM-DD", no time zone) in the language's medium style: "25 déc. 2026". */
export function formatDay(ymd: string, language: string): string {
  const ms = Date.parse(`${ymd}T00:00:00Z`);
  if (!Number.isFinite(ms)) return ymd;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(ms);
}

export interface Span {
  start: number;
  end: number;
}

/** Each weekday's armed minutes, sorted and merged (touching ranges become one). */
export function daySpans(ranges: readonly ScheduleRange[]): Span[][] {
  const days: Span[][] = ALL_DAYS.map(() => []);
  for (const r of ranges) {
    const start = minutesOf(r.start);
    const end = minutesOf(r.end);
    if (end > start && r.day >= 0 && r.day <= 6) days[r.day]!.push({ start, end });
  }
  return days.map((list) => {
    list.sort((a, b) => a.start - b.start);
    const merged: Span[] = [];
    for (const s of list) {
      const last = merged.at(-1);
      if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
      else merged.push({ ...s });
    }
    return merged;
  });
}

/** Where a span sits on a 24 h bar, in percent of its width. */
export function barGeometry(span: Span): { left: number; width: number } {
  const pct = (m: number) => Math.round((m / DAY_MINUTES) * 10_000) / 100;
  return { left: pct(span.start), width: pct(span.end - span.start) };
}

export const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Minutes armed in a week, for the card's summary ("armed 50 h a week"). */
export function weeklyMinutes(ranges: readonly ScheduleRange[]): number {
  return daySpans(ranges)
    .flat()
    .reduce((sum, s) => sum + s.end - s.start, 0);
}

export type RangeProblem = 'missing' | 'inverted' | 'overlap';
export type HolidayProblem = 'missing' | 'inverted';

export interface FormProblems {
  name?: 'missing';
  ranges: Map<number, RangeProblem>;
  holidays: Map<number, HolidayProblem>;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The same checks as the server's contract, so most mistakes show before anything is sent. */
export function formProblems(form: ScheduleForm): FormProblems {
  const ranges = new Map<number, RangeProblem>();
  const complete: { index: number; range: ScheduleRange }[] = [];
  form.ranges.forEach((row, index) => {
    if (!TIME.test(row.start) || (!row.untilEnd && !TIME.test(row.end))) ranges.set(index, 'missing');
    else complete.push({ index, range: rangeOf(row) });
  });
  for (const p of rangeProblems(complete.map((c) => c.range))) {
    const { index, range } = complete[p.index]!;
    ranges.set(index, minutesOf(range.end) > minutesOf(range.start) ? 'overlap' : 'inverted');
  }
  const holidays = new Map<number, HolidayProblem>();
  form.holidays.forEach((h, index) => {
    if (!DATE.test(h.from) || !DATE.test(h.to)) holidays.set(index, 'missing');
    else if (h.from > h.to) holidays.set(index, 'inverted');
  });
  return { ...(form.name.trim() ? {} : { name: 'missing' as const }), ranges, holidays };
}

export const hasProblems = (p: FormProblems) => Boolean(p.name) || p.ranges.size > 0 || p.holidays.size > 0;

export interface ServerFieldErrors {
  name?: string;
  /** About the ranges as a whole, or a row the server named. */
  ranges?: string;
  rangeRows: Map<number, string>;
  holidays?: string;
  holidayRows: Map<number, string>;
}

/**
 * The server's `fields` of an invalid-argument answer. Keys name the top-level field
 * ("ranges") and may carry a row ("ranges.2" or "ranges/2"); both are accepted.
 */
export function serverFieldErrors(fields: Record<string, string> | undefined): ServerFieldErrors {
  const out: ServerFieldErrors = { rangeRows: new Map(), holidayRows: new Map() };
  for (const [key, message] of Object.entries(fields ?? {})) {
    const m = /^(name|ranges|holidays)(?:[./](\d+))?/.exec(key);
    if (!m) continue;
    const [, field, row] = m;
    if (field === 'name') out.name = message;
    else if (row !== undefined) (field === 'ranges' ? out.rangeRows : out.holidayRows).set(Number(row), message);
    else if (field === 'ranges') out.ranges = message;
    else out.holidays = message;
  }
  return out;
}

/** Words of the server's known range messages, so they show translated; anything else as sent. */
export function serverMessageKey(message: string): string | null {
  if (/overlap/i.test(message)) return 'schedules.error.overlap';
  if (/end after/i.test(message)) return 'schedules.error.inverted';
  return null;
}
