import { describe, expect, it } from 'vitest';
import { isoText } from './iso-text.ts';

describe('isoText', () => {
  it('writes what toISOString writes, for any instant of years 1000–9999 and at the edges', () => {
    const edges = [
      Date.UTC(1000, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2024, 1, 29, 0, 0, 0, 5),
      Date.UTC(2026, 10, 27, 9, 8, 7, 60),
      0,
    ];
    const random = Array.from({ length: 2000 }, () => Math.floor(Math.random() * 253402300799999));
    for (const ms of [...edges, ...random]) {
      const d = new Date(ms);
      expect(isoText(d)).toBe(d.toISOString());
    }
  });

  it('leaves years outside 1000–9999 to toISOString, and an invalid date throws as it does', () => {
    for (const y of [1, 999, 10000, -1]) {
      const d = new Date(Date.UTC(2000, 5, 6));
      d.setUTCFullYear(y);
      expect(isoText(d)).toBe(d.toISOString());
    }
    expect(() => isoText(new Date(Number.NaN))).toThrow(RangeError);
  });
});
