/**
 * Arming schedules (issue 9), pure: which instants a weekly schedule arms a camera, in a time zone.
 * Ranges are wall-clock times per weekday (0 = Sunday) in the workspace's zone, end exclusive,
 * "24:00" meaning the end of the day; holidays are inclusive local date ranges that arm or disarm
 * the whole day. Everything works on wall-clock time, so DST changes need no special case.
 */
export interface WeeklyRange {
  day: number;
  start: string;
  end: string;
}

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
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
