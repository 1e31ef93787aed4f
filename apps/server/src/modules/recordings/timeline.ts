import { type TimeSpan, zonedMidnight } from '@vigil/shared';

/** Pure time helpers of playback: contiguous spans, and a local day as UTC instants. */

export interface Timed {
  startAt: Date;
  endAt: Date;
}

/** True when `next` starts more than `gapMs` after `prevEnd`: a hole in the footage. */
export const isGap = (prevEnd: Date, next: Date, gapMs: number) => next.getTime() - prevEnd.getTime() > gapMs;

/** Merges time-ordered segments into contiguous spans, clipped to [from, to). */
export function mergeSpans(segments: readonly Timed[], gapMs: number, from: Date, to: Date): TimeSpan[] {
  const spans: { start: number; end: number }[] = [];
  for (const seg of segments) {
    const last = spans.at(-1);
    if (last && !isGap(new Date(last.end), seg.startAt, gapMs)) last.end = Math.max(last.end, seg.endAt.getTime());
    else spans.push({ start: seg.startAt.getTime(), end: seg.endAt.getTime() });
  }
  return spans
    .map((sp) => ({ start: Math.max(sp.start, from.getTime()), end: Math.min(sp.end, to.getTime()) }))
    .filter((sp) => sp.end > sp.start)
    .map((sp) => ({ start: new Date(sp.start).toISOString(), end: new Date(sp.end).toISOString() }));
}

/** [start, end) of a local calendar day; undefined for a date that does not exist. */
export function dayBounds(day: string, tz: string): { start: Date; end: Date } | undefined {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return undefined;
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return {
    start: zonedMidnight(y, m, d, tz),
    end: zonedMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), tz),
  };
}
