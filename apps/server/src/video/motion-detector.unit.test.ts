import { describe, expect, it } from 'vitest';
import { boxBlur3, FrameSplitter, MOTION_FRAME, MotionDetector, type MotionEvent } from './motion-detector.ts';

const { width: W, height: H } = MOTION_FRAME;
const STEP_MS = 1000 / MOTION_FRAME.fps;

/** Deterministic pseudo-random numbers (mulberry32), so a failure replays. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A textured still scene: gradients and stripes, like a wall, a door and a floor. */
function scene(): Uint8Array {
  const f = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) f[y * W + x] = 60 + ((x * 2 + y) % 80) + (x > 60 ? 40 : 0);
  return f;
}

/** The scene plus per-pixel noise of ±amp gray levels (sensor noise, compression shimmer). */
function noisy(base: Uint8Array, amp: number, rand: () => number): Uint8Array {
  return base.map((v) => Math.max(0, Math.min(255, Math.round(v + (rand() * 2 - 1) * amp))));
}

/** A size×size block of the given gray at (x, y). */
function withBlock(base: Uint8Array, x: number, y: number, size: number, gray: number): Uint8Array {
  const f = Uint8Array.from(base);
  for (let yy = y; yy < Math.min(H, y + size); yy++)
    for (let xx = x; xx < Math.min(W, x + size); xx++) f[yy * W + xx] = gray;
  return f;
}

function run(d: MotionDetector, frames: Uint8Array[], t0 = 0): { events: MotionEvent[]; scores: number[] } {
  const events: MotionEvent[] = [];
  const scores: number[] = [];
  frames.forEach((f, i) => {
    const s = d.push(f, t0 + i * STEP_MS);
    scores.push(s.score);
    if (s.event) events.push(s.event);
  });
  return { events, scores };
}

describe('MotionDetector', () => {
  it('sees no motion in a still scene with strong noise (±30 gray levels on every pixel)', () => {
    const rand = rng(1);
    const base = scene();
    const d = new MotionDetector(MOTION_FRAME);
    const { events, scores } = run(
      d,
      Array.from({ length: 300 }, () => noisy(base, 30, rand)),
    );
    expect(events).toEqual([]);
    // Once the background has averaged its first frames, a handful of pixels at most.
    expect(Math.max(...scores.slice(25))).toBeLessThan(0.002);
    expect(d.active).toBe(false);
  });

  it('without the blur the same noise would trip it: the tolerance is doing the work', () => {
    const rand = rng(2);
    const base = scene();
    const d = new MotionDetector({ ...MOTION_FRAME, pixelThreshold: 8 });
    const { events } = run(
      d,
      Array.from({ length: 50 }, () => noisy(base, 30, rand)),
    );
    expect(events.length).toBeGreaterThan(0);
  });

  it('starts on a moving block, from its first frame, and stops 2 s after it leaves', () => {
    const rand = rng(3);
    const base = scene();
    const still = (n: number) => Array.from({ length: n }, () => noisy(base, 10, rand));
    // A 6×6 block (0.7 % of the picture: a person some way off) crossing the picture, 3 px a frame.
    const moving = Array.from({ length: 25 }, (_, i) => noisy(withBlock(base, 5 + i * 3, 20, 6, 230), 10, rand));
    const d = new MotionDetector(MOTION_FRAME);
    const { events, scores } = run(d, [...still(20), ...moving, ...still(40)]);
    expect(events.map((e) => e.type)).toEqual(['start', 'stop']);
    const [start, stop] = events as [MotionEvent, MotionEvent];
    expect(start.at).toBe(20 * STEP_MS);
    // The last frame that differs from the learnt scene is the first still one (the block left).
    expect(stop.at).toBeGreaterThanOrEqual(44 * STEP_MS);
    expect(stop.at).toBeLessThanOrEqual(46 * STEP_MS);
    expect(Math.min(...scores.slice(21, 45))).toBeGreaterThan(0.005);
  });

  it('learns no ghost of a passing object: at one frame a second the motion ends when it leaves', () => {
    const base = scene();
    // Keyframes only: one frame a second. Something pacing over the same few metres for 12 s.
    const d = new MotionDetector({ ...MOTION_FRAME, startFrames: 1, sparse: true });
    const path = [20, 26, 32, 38, 32, 26];
    const pacing = Array.from({ length: 12 }, (_, i) => withBlock(base, path[i % path.length]!, 20, 8, 230));
    const frames = [...Array(10).fill(base), ...pacing, ...Array(10).fill(base)];
    const events: MotionEvent[] = [];
    const emitted: number[] = [];
    frames.forEach((f, i) => {
      const s = d.push(f, i * 1000);
      if (s.event) {
        events.push(s.event);
        emitted.push(i * 1000);
      }
    });
    expect(events.map((e) => e.type)).toEqual(['start', 'stop']);
    // It left after the frame at 21 s: the end is dated between that and the first still frame,
    // and said as soon as the quiet has lasted stopAfterMs (2 s), not when a learnt ghost fades.
    expect(events[1]!.at).toBe(21_500);
    expect(emitted[1]).toBeLessThanOrEqual(24_000);
  });

  it('ignores a single odd frame (a compression glitch)', () => {
    const base = scene();
    const d = new MotionDetector(MOTION_FRAME);
    const frames = [...Array(10).fill(base), withBlock(base, 10, 10, 12, 255), base, base, base];
    const { events, scores } = run(d, frames);
    expect(scores[10]).toBeGreaterThan(0.02);
    expect(events).toEqual([]);
  });

  it('takes a change of the whole picture as lighting, not motion, and relearns the scene', () => {
    const base = scene();
    const bright = base.map((v) => Math.min(255, v + 80));
    const d = new MotionDetector(MOTION_FRAME);
    const { events, scores } = run(d, [...Array(10).fill(base), ...Array(10).fill(bright)]);
    expect(events).toEqual([]);
    expect(scores.every((v) => v === 0)).toBe(true);
  });

  it('absorbs something that stops moving (a parked car) and stops', () => {
    const base = scene();
    const parked = withBlock(base, 30, 20, 10, 250);
    const d = new MotionDetector(MOTION_FRAME);
    const { events } = run(d, [...Array(10).fill(base), ...Array.from({ length: 150 }, () => parked)]);
    expect(events.map((e) => e.type)).toEqual(['start', 'stop']);
  });

  it('reset() ends a motion in progress at its last moving frame and forgets the scene', () => {
    const base = scene();
    const d = new MotionDetector(MOTION_FRAME);
    const moving = [0, 10, 20].map((x) => withBlock(base, x, 0, 10, 255));
    run(d, [...Array(10).fill(base), ...moving]);
    expect(d.active).toBe(true);
    expect(d.reset()).toEqual({ type: 'stop', at: 12 * STEP_MS, zones: [] });
    expect(d.reset()).toBeUndefined();
    // The next stream's first frame is the new background, whatever it shows.
    expect(d.push(withBlock(base, 50, 30, 20, 0), 10_000).score).toBe(0);
  });

  it('rejects a frame of the wrong size', () => {
    expect(() => new MotionDetector(MOTION_FRAME).push(new Uint8Array(10), 0)).toThrow(/expected 5184/);
  });
});

describe('boxBlur3', () => {
  it('averages each pixel with its neighbours, clamping at the edges', () => {
    const src = new Uint8Array([0, 0, 0, 0, 90, 0, 0, 0, 0]);
    const out = boxBlur3(src, 3, 3, new Float32Array(9));
    expect(Array.from(out)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10]);
    const edge = boxBlur3(new Uint8Array([9, 0, 0, 0]), 2, 2, new Float32Array(4));
    expect(Array.from(edge)).toEqual([4, 2, 2, 1]);
  });
});

describe('FrameSplitter', () => {
  it('cuts arbitrary chunks into whole frames and drops a partial one on reset', () => {
    const frames: number[][] = [];
    const s = new FrameSplitter(4);
    const collect = (f: Buffer) => frames.push([...f]);
    s.push(Buffer.from([1, 2, 3]), collect);
    s.push(Buffer.from([4, 5, 6, 7, 8, 9]), collect);
    expect(frames).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    s.reset();
    s.push(Buffer.from([10, 11, 12, 13]), collect);
    expect(frames.at(-1)).toEqual([10, 11, 12, 13]);
  });
});
