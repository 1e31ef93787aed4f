import { describe, expect, it } from 'vitest';
import { mediaTimeOf, type VodFrag, vodSource, wallTimeOf } from './vod-hls.ts';

// Two recordings with a gap: media time runs on, wall-clock time jumps.
const frags: VodFrag[] = [
  { start: 0, duration: 10, wall: 1_000_000 },
  { start: 10, duration: 10, wall: 1_010_000 },
  { start: 20, duration: 10, wall: 1_100_000 },
];

describe('VOD wall-clock mapping', () => {
  it('maps an instant to media time, across the gap, and back', () => {
    expect(mediaTimeOf(frags, 1_005_000)).toBe(5);
    expect(mediaTimeOf(frags, 1_103_000)).toBe(23);
    expect(wallTimeOf(frags, 23)).toBe(1_103_000);
  });

  it('an instant in the gap plays from the next recording; before the first, from its start', () => {
    expect(mediaTimeOf(frags, 1_050_000)).toBe(20);
    expect(mediaTimeOf(frags, 900_000)).toBe(0);
  });

  it('nothing before the playlist loads', () => {
    expect(mediaTimeOf([], 1_000_000)).toBeNull();
    expect(wallTimeOf([], 3)).toBeNull();
  });

  it('a browser without H.265 asks for H.264 copies of the footage that needs them', () => {
    const src = '/api/v1/cameras/c/vod.m3u8?from=a&to=b';
    expect(vodSource(src, true)).toBe(src);
    expect(vodSource(src, false)).toBe(`${src}&rendition=1`);
  });
});
