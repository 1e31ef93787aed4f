import { describe, expect, it } from 'vitest';
import { moveIntoBuffered } from './buffered-seek.ts';

const ranges = (...r: [number, number][]) =>
  ({ length: r.length, start: (i: number) => r[i]![0], end: (i: number) => r[i]![1] }) as TimeRanges;

describe('moving a stalled live playhead into what is buffered', () => {
  it('leaves a playhead inside a buffered range where it is', () => {
    const v = { currentTime: 1.2, buffered: ranges([1, 3]) };
    expect(moveIntoBuffered(v)).toBe(false);
    expect(v.currentTime).toBe(1.2);
  });
  it('does nothing while nothing is buffered', () => {
    const v = { currentTime: 0, buffered: ranges() };
    expect(moveIntoBuffered(v)).toBe(false);
    expect(v.currentTime).toBe(0);
  });
  it('moves a playhead before the first range to three parts behind its end', () => {
    const v = { currentTime: 0, buffered: ranges([10.25, 12]) };
    expect(moveIntoBuffered(v)).toBe(true);
    expect(v.currentTime).toBeCloseTo(11.4);
  });
  it('moves a playhead in a gap to the newest range, never before its start', () => {
    const v = { currentTime: 5, buffered: ranges([1, 4.9], [5.3, 5.6]) };
    expect(moveIntoBuffered(v)).toBe(true);
    expect(v.currentTime).toBe(5.3);
  });
});
