import type { MotionEvent } from './motion-detector.ts';

/**
 * Which segments a motion-mode camera keeps. ffmpeg writes segments continuously; a segment is
 * kept when it overlaps [motion start − pre-roll, motion end + post-roll] of some motion, and
 * dropped only once no motion still to come could reach back to it. Pure: times are ms.
 */
export interface MotionInterval {
  start: number;
  /** null while the motion goes on. */
  end: number | null;
}

export interface MotionState {
  intervals: readonly MotionInterval[];
  /** Arrival time of the last frame the detector judged: motion before it is known. */
  knownUntil: number;
}

export interface RollMs {
  pre: number;
  post: number;
  /**
   * Slack for what is not yet known at knownUntil: a motion is only declared a few frames after
   * its start, and frame arrival times and segment names come from different clocks of the pipeline.
   */
  margin: number;
}

export type SegmentDecision = 'keep' | 'drop' | 'wait';

/**
 * keep: some motion window overlaps the segment. drop: none does, and any motion not yet known
 * starts at or after knownUntil − margin, so its pre-roll cannot reach the segment. wait: too
 * early to tell. With `final` (the camera stops: no more frames will come) nothing waits.
 */
export function segmentDecision(
  seg: { start: number; end: number },
  state: MotionState,
  roll: RollMs,
  final = false,
): SegmentDecision {
  for (const m of state.intervals) {
    const from = m.start - roll.pre;
    const to = m.end === null ? Number.POSITIVE_INFINITY : m.end + roll.post;
    if (seg.start < to && seg.end > from) return 'keep';
  }
  if (final) return 'drop';
  return seg.end + roll.pre + roll.margin <= state.knownUntil ? 'drop' : 'wait';
}

/** The motion a camera has seen, as the indexer asks about it. */
export class MotionTimeline {
  private intervals: MotionInterval[] = [];
  private known = Number.NEGATIVE_INFINITY;

  /** A motion started or stopped. */
  apply(event: Pick<MotionEvent, 'type' | 'at'>): void {
    const open = this.intervals.at(-1);
    if (event.type === 'start') {
      if (!open || open.end !== null) this.intervals.push({ start: event.at, end: null });
    } else if (open && open.end === null) {
      open.end = event.at;
    }
  }

  /** Every frame up to `at` has been judged. */
  advance(at: number): void {
    if (at > this.known) this.known = at;
  }

  get active(): boolean {
    return this.intervals.at(-1)?.end === null;
  }

  state(): MotionState {
    return { intervals: this.intervals, knownUntil: this.known };
  }

  /** Forgets motion whose window ended before `before` (every segment that old is decided). */
  prune(before: number, postMs: number): void {
    this.intervals = this.intervals.filter((m) => m.end === null || m.end + postMs >= before);
  }
}
