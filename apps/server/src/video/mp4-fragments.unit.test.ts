import { describe, expect, it } from 'vitest';
import { liveSample as sample } from './fixtures/live-sample.ts';
import { readBoxes } from './mp4-boxes.ts';
import { summarizeFragmentedMp4 } from './mp4-fragments.ts';
import { initSize } from './mp4-init.ts';

describe('mp4 boxes', () => {
  it('splits the file into ftyp, moov, then moof/mdat pairs covering every byte', () => {
    const boxes = readBoxes(sample);
    expect(boxes.slice(0, 2).map((b) => b.type)).toEqual(['ftyp', 'moov']);
    const frags = boxes.slice(2).filter((b) => b.type !== 'mfra');
    expect(frags.length % 2).toBe(0);
    expect(frags.map((b) => b.type)).toEqual(frags.map((_, i) => (i % 2 ? 'mdat' : 'moof')));
    expect(boxes.at(-1)!.end).toBe(sample.length);
  });
  it('sums real sample durations and measures the init', () => {
    const s = summarizeFragmentedMp4(sample);
    expect(s.durationSec).toBeCloseTo(3, 5);
    expect(s.fragments).toBe(15);
    expect(s.initBytes).toBe(initSize(sample));
    expect(s.initBytes).toBe(readBoxes(sample)[1]!.end);
  });
  it('ignores a truncated tail (a kill -9 mid-fragment)', () => {
    const cut = sample.subarray(0, Math.floor(sample.length * 0.6));
    const s = summarizeFragmentedMp4(cut);
    expect(s.fragments).toBeGreaterThan(0);
    expect(s.fragments).toBeLessThan(15);
    expect(s.durationSec).toBeCloseTo(s.fragments * 0.2, 5);
  });
  it('reports nothing for an empty or init-only file', () => {
    expect(summarizeFragmentedMp4(Buffer.alloc(0))).toEqual({ initBytes: 0, durationSec: 0, fragments: 0 });
    expect(summarizeFragmentedMp4(sample.subarray(0, initSize(sample))).fragments).toBe(0);
  });
});
