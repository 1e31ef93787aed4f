import { describe, expect, it } from 'vitest';
import { REACTION_MS, WriteRate, marginBytes, planPrune, takeOldest, thresholdBytes } from './disk-guard-policy.ts';

const GB = 1e9;
const DEFAULTS = { percent: 5, maxGb: 2 };

describe('disk guard policy', () => {
  it('the threshold is the smaller of the percentage and the cap', () => {
    // 5 % of 10 GB is 0.5 GB, under the 2 GB cap.
    expect(thresholdBytes(10 * GB, DEFAULTS)).toBe(0.5 * GB);
    // 5 % of 4 TB is 200 GB: the cap wins.
    expect(thresholdBytes(4000 * GB, DEFAULTS)).toBe(2 * GB);
    // Exactly where they meet (40 GB).
    expect(thresholdBytes(40 * GB, DEFAULTS)).toBe(2 * GB);
    expect(thresholdBytes(64e6, { percent: 10, maxGb: 0.1 })).toBe(6.4e6);
  });

  it('the margin covers the write rate over the reaction time, between 0.5 % and 10 % of the disk', () => {
    // 16 cameras at 4 Mbit/s = 8 MB/s: 5 s of writing.
    expect(marginBytes(8e6, 1000 * GB)).toBe(Math.max(8e6 * (REACTION_MS / 1000), 5 * GB));
    expect(marginBytes(8e6, 100 * GB, 5000)).toBe(5e8);
    expect(marginBytes(8e6, 1 * GB, 5000)).toBe(40e6);
    // Nothing written: the floor.
    expect(marginBytes(0, 1 * GB)).toBe(5e6);
    // A burst of 500 MB/s (a copy onto the disk): never more than a tenth of the disk.
    expect(marginBytes(500e6, 1 * GB)).toBe(100e6);
  });

  it('prunes nothing while free space is a margin above the threshold', () => {
    expect(planPrune(10 * GB, 2 * GB, 1 * GB)).toEqual({ prune: 0, low: false, clear: true });
    // Between one and two margins above: no prune, not yet clear (a paused recorder stays paused).
    expect(planPrune(3.5 * GB, 2 * GB, 1 * GB)).toEqual({ prune: 0, low: false, clear: false });
    expect(planPrune(3 * GB, 2 * GB, 1 * GB)).toEqual({ prune: 0, low: false, clear: false });
  });

  it('within a margin of the threshold, prunes back to two margins above it', () => {
    const p = planPrune(2.5 * GB, 2 * GB, 1 * GB);
    expect(p.low).toBe(true);
    expect(p.prune).toBe(1.5 * GB);
    expect(2.5 * GB + p.prune).toBe(4 * GB);
    // Under the threshold already (a burst): all of it and the two margins.
    expect(planPrune(0.5 * GB, 2 * GB, 1 * GB).prune).toBe(3.5 * GB);
  });

  it('takes the oldest candidates until their bytes cover the need', () => {
    const c = [{ bytes: 10 }, { bytes: 20 }, { bytes: 30 }, { bytes: 40 }];
    expect(takeOldest(c, 25)).toEqual([{ bytes: 10 }, { bytes: 20 }]);
    expect(takeOldest(c, 30)).toEqual([{ bytes: 10 }, { bytes: 20 }]);
    expect(takeOldest(c, 31)).toHaveLength(3);
    expect(takeOldest(c, 1000)).toHaveLength(4);
    expect(takeOldest(c, 0)).toEqual([]);
  });

  it('measures the write rate from free space, counting what the guard freed, over spans of 2 s at least', () => {
    const r = new WriteRate(10_000, 2000);
    expect(r.bytesPerSecond).toBe(0);
    r.push(0, 1000e6);
    r.push(1000, 996e6);
    // One second is no span yet: a burst (a fragment flushed) must not read as a rate.
    expect(r.bytesPerSecond).toBe(0);
    r.push(2000, 992e6); // 4 MB/s over 2 s
    expect(r.bytesPerSecond).toBe(4e6);
    // 16 MB written while the guard freed 20 MB: free space rose, the writing goes on.
    r.push(3000, 996e6, 20e6);
    expect(r.bytesPerSecond).toBe(10e6); // (4 + 16) MB over the last 2 s
    r.push(4000, 996e6); // nothing written for a second
    r.push(5000, 996e6);
    // The last 2 s wrote nothing; the 10 s window still remembers the burst: 24 MB over 5 s.
    expect(r.bytesPerSecond).toBeCloseTo(4.8e6);
    // Past the window the burst is gone: 1 MB/s from then on.
    for (let at = 6000; at <= 16_000; at += 1000) r.push(at, 996e6 - (at - 5000) * 1000);
    expect(r.bytesPerSecond).toBeCloseTo(1e6);
    // A clock that did not move adds nothing.
    r.push(16_000, 1e6);
    expect(r.bytesPerSecond).toBeCloseTo(1e6);
  });

  it('another program filling the disk at once is a one-off, not a write rate', () => {
    const r = new WriteRate(10_000, 2000);
    for (let at = 0; at <= 5000; at += 1000) r.push(at, 1000e6 - at * 1000); // 1 MB/s
    expect(r.bytesPerSecond).toBeCloseTo(1e6);
    // 900 MB gone in a second (a backup copied onto the disk): the rate stays what recording writes.
    r.push(6000, 1000e6 - 6e6 - 900e6);
    expect(r.bytesPerSecond).toBeCloseTo(1e6);
    // …and so does the margin: 5 s of it, not a tenth of the disk.
    expect(marginBytes(r.bytesPerSecond, 1000e6)).toBeLessThan(0.02 * 1000e6);
    // A real rise (cameras added) still shows: five times the rate for a few seconds.
    for (let at = 7000; at <= 10_000; at += 1000) r.push(at, 94e6 - (at - 6000) * 5000);
    expect(r.bytesPerSecond).toBeGreaterThan(4e6);
  });
});
