import { describe, expect, it } from 'vitest';
import { KeyframePicker, MAX_SKIP_MS } from './keyframe-picker.ts';

/** A GOP of `frames` frames of `bytes` each, then a keyframe of `key` bytes at `at`. */
function gop(p: KeyframePicker, at: number, opts: { frames?: number[]; key?: number; busy?: boolean } = {}) {
  for (const b of opts.frames ?? Array(14).fill(140)) p.frame(b);
  return p.keyframe(opts.key ?? 900, at, opts.busy ?? false);
}

/**
 * A picker that has learnt a still scene (140-byte frames, 900-byte keyframes), and the time of
 * its last keyframe, a decoded one: the next within MAX_SKIP_MS is decoded only for a reason.
 */
function settled(): { p: KeyframePicker; at: number } {
  const p = new KeyframePicker();
  let at = 0;
  for (let i = 0; i < 5; i++) {
    at += 1000;
    if (gop(p, at) === 'decode') p.settle(true);
  }
  at += MAX_SKIP_MS;
  expect(gop(p, at)).toBe('decode');
  p.settle(true);
  return { p, at };
}

describe('keyframe picker', () => {
  it('decodes every keyframe until it knows the scene, and whenever the detector is busy', () => {
    const p = new KeyframePicker();
    expect(p.keyframe(900, 0, false)).toBe('decode');
    expect(gop(p, 1000)).toBe('decode'); // nothing learnt yet: the first answer is still pending
    p.settle(true);
    const { p: q, at } = settled();
    expect(gop(q, at + 1000, { busy: true })).toBe('decode');
  });

  it('in a still scene skips keyframes, but never goes MAX_SKIP_MS without decoding one', () => {
    const { p, at } = settled();
    const decisions: string[] = [];
    let last = at;
    for (let t = at + 500; t <= at + 10_000; t += 500) {
      const d = gop(p, t);
      decisions.push(d);
      if (d === 'decode') {
        expect(t - last).toBeLessThanOrEqual(MAX_SKIP_MS);
        last = t;
        p.settle(true);
      }
    }
    expect(decisions.filter((d) => d === 'still').length).toBeGreaterThanOrEqual(decisions.length / 2);
  });

  it('decodes at once when a frame before the keyframe grew (something moved, even just before it)', () => {
    const { p, at } = settled();
    expect(gop(p, at + 500)).toBe('still');
    const frames = [...Array(13).fill(140), 1200];
    expect(gop(p, at + 1000, { frames })).toBe('decode');
    p.settle(false);
  });

  it('decodes a keyframe of another size than the scene’s (the change came in the keyframe itself)', () => {
    for (const key of [2100, 300]) {
      const { p, at } = settled();
      expect(gop(p, at + 500)).toBe('still');
      expect(gop(p, at + 1000, { key })).toBe('decode');
    }
  });

  it('never learns the sizes of motion: a second time the same thing moves, it is decoded again', () => {
    const { p, at } = settled();
    const moving = { frames: Array(14).fill(1200), key: 2100 };
    expect(gop(p, at + 500, moving)).toBe('decode');
    p.settle(false); // the detector saw motion
    expect(gop(p, at + 1000, { ...moving, busy: true })).toBe('decode');
    p.settle(false);
    // Still again, then the same motion once more.
    for (let t = at + 1500; t <= at + 4000; t += 500) if (gop(p, t) === 'decode') p.settle(true);
    expect(gop(p, at + 4500, moving)).toBe('decode');
  });

  it('learns a scene’s new normal once the detector says it is still (more noise at night)', () => {
    const { p, at } = settled();
    const noisy = { frames: Array(14).fill(800), key: 1800 };
    let t = at;
    for (let i = 0; i < 12; i++) {
      t += 500;
      if (gop(p, t, noisy) === 'decode') p.settle(true);
    }
    const next = [1, 2, 3].map((i) => gop(p, t + i * 500, noisy));
    expect(next).toContain('still');
  });

  it('starts afresh with a new stream', () => {
    const { p, at } = settled();
    p.reset();
    expect(gop(p, at + 500)).toBe('decode');
  });
});
