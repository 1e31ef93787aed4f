import { describe, expect, it } from 'vitest';
import {
  liveSampleFragments as fragments,
  liveSampleInit as init,
  liveSampleTracks as tracks,
} from './fixtures/live-sample.ts';
import { splitNals } from './h264-rtp.ts';
import { readSamples } from './mp4-samples.ts';

describe('fMP4 samples', () => {
  it('reads every sample with its time, size and keyframe flag', () => {
    const all = fragments.flatMap((f) => readSamples(f, tracks).samples);
    const { timescale } = readSamples(fragments[0]!, tracks);
    expect(all).toHaveLength(30);
    expect(all.map((s) => s.keyframe)).toEqual(all.map((_, i) => i % 10 === 0));
    expect(all.map((s) => s.dts)).toEqual(all.map((_, i) => (i * timescale) / 10));
    for (const s of all) {
      // Every byte of a sample is a length-prefixed NAL unit.
      const nals = splitNals(s.data);
      expect(nals.reduce((n, x) => n + 4 + x.length, 0)).toBe(s.data.length);
    }
  });
  it('returns nothing for bytes that are not a moof+mdat pair', () => {
    expect(readSamples(init, tracks).samples).toEqual([]);
  });
});
