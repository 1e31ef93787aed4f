import { describe, expect, it } from 'vitest';
import { mediaTimeOf, type VodFrag, wallTimeOf } from './vod-hls.ts';

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
});
