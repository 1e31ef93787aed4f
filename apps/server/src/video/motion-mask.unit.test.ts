import { MOTION_DEFAULTS, motionSettingsOf } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { MOTION_FRAME, MotionDetector, type MotionEvent } from './motion-detector.ts';
import { detectorOptions, pixelThresholdOf, rasterize } from './motion-mask.ts';

const { width: W, height: H } = MOTION_FRAME;
const STEP = 1000 / MOTION_FRAME.fps;

const still = () => new Uint8Array(W * H).fill(80);
/** A 6×6 bright block at (x, y): an object some way off. */
function block(x: number, y: number): Uint8Array {
  const f = still();
  for (let yy = y; yy < y + 6; yy++) for (let xx = x; xx < x + 6; xx++) f[yy * W + xx] = 230;
  return f;
}
/** 10 still frames, then the block crossing from x0 to x1 on row y, then 20 still frames. */
function scene(x0: number, x1: number, y: number): Uint8Array[] {
  const moving = Array.from({ length: 12 }, (_, i) => block(Math.round(x0 + ((x1 - x0) * i) / 11), y));
  return [...Array.from({ length: 10 }, still), ...moving, ...Array.from({ length: 20 }, still)];
}
function run(d: MotionDetector, frames: Uint8Array[]): MotionEvent[] {
  const out: MotionEvent[] = [];
  frames.forEach((f, i) => {
    const e = d.push(f, i * STEP).event;
    if (e) out.push(e);
  });
  return out;
}
const LEFT = [
  [0, 0],
  [0.5, 0],
  [0.5, 1],
  [0, 1],
] as [number, number][];
const RIGHT = LEFT.map(([x, y]) => [x + 0.5, y] as [number, number]);

describe('masks and zones on the detector frame', () => {
  it('rasterizes a polygon by pixel centres (the left half is exactly half the pixels)', () => {
    const m = rasterize(LEFT, W, H);
    expect(m.reduce((a, b) => a + b, 0)).toBe((W / 2) * H);
    const tri = rasterize(
      [
        [0, 0],
        [1, 0],
        [0, 1],
      ],
      W,
      H,
    );
    const n = tri.reduce((a, b) => a + b, 0);
    expect(n).toBeGreaterThan(W * H * 0.45);
    expect(n).toBeLessThan(W * H * 0.55);
  });

  it('motion inside a mask starts nothing; the same motion outside it does', () => {
    const settings = motionSettingsOf({ masks: [LEFT] });
    const masked = new MotionDetector(detectorOptions(settings, MOTION_FRAME, false));
    expect(run(masked, scene(5, 35, 20))).toEqual([]);
    const open = new MotionDetector(detectorOptions(settings, MOTION_FRAME, false));
    expect(run(open, scene(55, 85, 20)).map((e) => e.type)).toEqual(['start', 'stop']);
  });

  it('with zones, only motion inside one counts, and the event names the zones it touched', () => {
    const settings = motionSettingsOf({
      zones: [
        { name: 'Door', points: LEFT },
        { name: 'Yard', points: RIGHT },
      ],
    });
    const d = new MotionDetector(detectorOptions(settings, MOTION_FRAME, false));
    const inDoor = run(d, scene(5, 30, 20));
    expect(inDoor.map((e) => [e.type, e.zones])).toEqual([
      ['start', ['Door']],
      ['stop', ['Door']],
    ]);
    const across = run(new MotionDetector(detectorOptions(settings, MOTION_FRAME, false)), scene(5, 85, 20));
    expect(across.at(-1)?.zones.sort()).toEqual(['Door', 'Yard']);
    // A zone only on the left: motion on the right is outside every zone.
    const doorOnly = motionSettingsOf({ zones: [{ name: 'Door', points: LEFT }] });
    expect(run(new MotionDetector(detectorOptions(doorOnly, MOTION_FRAME, false)), scene(55, 85, 20))).toEqual([]);
  });

  it('minimum area: a small object is below 5 % of the picture', () => {
    const big = new MotionDetector(detectorOptions(motionSettingsOf({ minArea: 5 }), MOTION_FRAME, false));
    expect(run(big, scene(5, 85, 20))).toEqual([]);
  });

  it('minimum duration: motion must last that long before it starts, and starts from its first frame', () => {
    const frames = scene(5, 85, 20);
    const quick = run(
      new MotionDetector(detectorOptions(motionSettingsOf({ minSeconds: 1 }), MOTION_FRAME, false)),
      frames,
    );
    expect(quick[0]).toMatchObject({ type: 'start', at: 10 * STEP });
    const long = run(
      new MotionDetector(detectorOptions(motionSettingsOf({ minSeconds: 5 }), MOTION_FRAME, false)),
      frames,
    );
    expect(long).toEqual([]);
  });

  it('sparse frames (keyframes only): one moving frame starts motion, times are the middles of the uncertain intervals', () => {
    const d = new MotionDetector(detectorOptions(motionSettingsOf({}), MOTION_FRAME, true));
    const frames = [...Array.from({ length: 8 }, still), block(40, 20), ...Array.from({ length: 4 }, still)];
    const events: MotionEvent[] = [];
    // One frame a second.
    frames.forEach((f, i) => {
      const e = d.push(f, i * 1000).event;
      if (e) events.push(e);
    });
    // Between the last still frame and the first moving one; between the last moving and the next still one.
    expect(events.map((e) => [e.type, e.at])).toEqual([
      ['start', 7500],
      ['stop', 8500],
    ]);
  });

  it('sensitivity maps to the gray-level threshold: 50 is the tuned default, higher notices less change', () => {
    expect(pixelThresholdOf(MOTION_DEFAULTS.sensitivity)).toBe(20);
    expect(pixelThresholdOf(100)).toBe(6);
    expect(pixelThresholdOf(1)).toBe(45);
    expect(pixelThresholdOf(75)).toBeLessThan(pixelThresholdOf(25));
  });
});
