import { describe, expect, it } from 'vitest';
import { MOTION_ROLL_MS } from './motion-gate.ts';
import { MotionTimeline, type MotionState, segmentDecision } from './motion-window.ts';

const roll = { pre: 5000, post: 10_000, margin: 2000 };
const s = (start: number, end: number) => ({ start: start * 1000, end: end * 1000 });
const state = (intervals: [number, number | null][], knownUntil: number): MotionState => ({
  intervals: intervals.map(([a, b]) => ({ start: a * 1000, end: b === null ? null : b * 1000 })),
  knownUntil: knownUntil * 1000,
});

describe('segmentDecision', () => {
  it('uses the shared pre/post-roll (at least 5 s before)', () => {
    expect(MOTION_ROLL_MS.pre).toBeGreaterThanOrEqual(5000);
    expect(MOTION_ROLL_MS.post).toBe(10_000);
  });

  it('keeps a segment that overlaps the motion, its pre-roll or its post-roll', () => {
    const st = state([[100, 110]], 200);
    expect(segmentDecision(s(100, 110), st, roll)).toBe('keep');
    expect(segmentDecision(s(86, 96), st, roll)).toBe('keep'); // ends 4 s before: pre-roll
    expect(segmentDecision(s(118, 128), st, roll)).toBe('keep'); // starts 8 s after: post-roll
  });

  it('drops a segment entirely outside every window once nothing to come can reach it', () => {
    const st = state([[100, 110]], 200);
    expect(segmentDecision(s(84, 94), st, roll)).toBe('drop'); // ends 6 s before the start
    expect(segmentDecision(s(121, 131), st, roll)).toBe('drop'); // starts 11 s after the end
    expect(segmentDecision(s(0, 10), state([], 200), roll)).toBe('drop');
  });

  it('waits while a motion not yet seen could still claim it as pre-roll', () => {
    // Frames judged up to t=14 s: a motion found in the next frames (from ~13 s) keeps 8 s on.
    expect(segmentDecision(s(0, 10), state([], 14), roll)).toBe('wait');
    expect(segmentDecision(s(0, 10), state([], 16.9), roll)).toBe('wait');
    expect(segmentDecision(s(0, 10), state([], 17), roll)).toBe('drop'); // 10 + 5 + 2
    // Before any frame, nothing is known.
    expect(segmentDecision(s(0, 10), { intervals: [], knownUntil: Number.NEGATIVE_INFINITY }, roll)).toBe('wait');
  });

  it('keeps everything from the pre-roll of a motion still going on', () => {
    const st = state([[100, null]], 105);
    expect(segmentDecision(s(96, 106), st, roll)).toBe('keep');
    expect(segmentDecision(s(500, 510), st, roll)).toBe('keep');
    expect(segmentDecision(s(80, 90), st, roll)).toBe('drop');
  });

  it('final (the camera stops) decides what would wait', () => {
    expect(segmentDecision(s(0, 10), state([], 12), roll, true)).toBe('drop');
    expect(segmentDecision(s(0, 10), state([[12, null]], 12), roll, true)).toBe('keep');
  });

  it('a day of 10 s segments with two motions keeps two contiguous runs with their rolls', () => {
    const st = state(
      [
        [125, 140],
        [300, 302],
      ],
      3600,
    );
    const kept = Array.from({ length: 60 }, (_, i) => s(i * 10, i * 10 + 10))
      .filter((seg) => segmentDecision(seg, st, roll) === 'keep')
      .map((seg) => seg.start / 1000);
    // 120–150 (+ pre-roll back to 120, post-roll to 150) and 295–312 → segments 290–320.
    expect(kept).toEqual([120, 130, 140, 290, 300, 310]);
  });
});

describe('MotionTimeline', () => {
  it('turns start/stop events into intervals and knows how far it has judged', () => {
    const t = new MotionTimeline();
    t.advance(1000);
    t.apply({ type: 'start', at: 900 });
    expect(t.active).toBe(true);
    t.apply({ type: 'start', at: 950 }); // a repeated start does not open a second interval
    t.advance(5000);
    t.apply({ type: 'stop', at: 3000 });
    t.advance(4000); // never goes back
    expect(t.active).toBe(false);
    expect(t.state()).toEqual({ intervals: [{ start: 900, end: 3000 }], knownUntil: 5000 });
  });

  it('prunes motion whose window closed long ago, never one still going on', () => {
    const t = new MotionTimeline();
    t.apply({ type: 'start', at: 0 });
    t.apply({ type: 'stop', at: 1000 });
    t.apply({ type: 'start', at: 50_000 });
    t.prune(20_000, 10_000);
    expect(t.state().intervals).toEqual([{ start: 50_000, end: null }]);
  });
});
