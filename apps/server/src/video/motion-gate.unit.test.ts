import { describe, expect, it } from 'vitest';
import { MOTION_FRAME } from './motion-detector.ts';
import { MotionGate } from './motion-gate.ts';

const { width: W, height: H } = MOTION_FRAME;
const still = Buffer.alloc(W * H, 80);
const withBlock = (x: number) => {
  const f = Buffer.from(still);
  for (let y = 20; y < 28; y++) f.fill(220, y * W + x, y * W + x + 8);
  return f;
};
const span = (fromS: number, toS: number) => ({ start: new Date(fromS * 1000), end: new Date(toS * 1000) });

/** A gate on a fake clock, fed frames 200 ms apart through odd-sized chunks as a pipe would. */
function gate() {
  let now = 0;
  const events: string[] = [];
  const g = new MotionGate({ now: () => now, onMotion: (e) => events.push(`${e.type}@${e.at}`) });
  const feed = (frames: Buffer[]) => {
    for (const f of frames) {
      now += 200;
      g.push(f.subarray(0, 1000));
      g.push(f.subarray(1000));
    }
  };
  return { g, events, feed, at: () => now };
}

describe('MotionGate', () => {
  it('drops segments of a still scene once they are out of reach, keeps the pre-roll of a motion', () => {
    const { g, events, feed } = gate();
    feed(Array(100).fill(still)); // 0–20 s still
    expect(g.decide(span(0, 10), false)).toBe('drop');
    expect(g.decide(span(10, 20), false)).toBe('wait');
    feed(Array.from({ length: 20 }, (_, i) => withBlock(i * 3))); // 20–24 s motion
    expect(events).toEqual(['start@20200']);
    expect(g.active).toBe(true);
    expect(g.decide(span(10, 20), false)).toBe('keep'); // pre-roll
    expect(g.decide(span(30, 40), false)).toBe('keep'); // still going on
    feed(Array(100).fill(still)); // 24–44 s still
    expect(events).toEqual(['start@20200', 'stop@24000']);
    expect(g.decide(span(30, 40), false)).toBe('keep'); // post-roll to 34 s
    expect(g.decide(span(35, 36), false)).toBe('drop');
  });

  it('ends a motion at its last moving frame when ffmpeg exits, and starts afresh', () => {
    const { g, events, feed } = gate();
    feed(Array(10).fill(still));
    feed([withBlock(0), withBlock(10), withBlock(20)]);
    g.push(still.subarray(0, 100)); // a partial frame, lost with the process
    g.streamEnded();
    expect(events).toEqual(['start@2200', 'stop@2600']);
    expect(g.active).toBe(false);
    feed([withBlock(40)]); // the next run's first frame is its background, not motion
    expect(events).toHaveLength(2);
    expect(g.decide(span(100, 110), true)).toBe('drop');
    expect(g.decide(span(0, 3), true)).toBe('keep');
  });
});
