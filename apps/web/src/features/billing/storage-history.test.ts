import { describe, expect, it } from 'vitest';
import { storagePoints, storageSummary } from './storage-history.ts';

describe('storage history', () => {
  const points = storagePoints([
    { day: '2026-03-02', bytes: 3e9 },
    { day: '2026-03-01', bytes: 1e9 },
    { day: 'garbage', bytes: 9e9 },
    { day: '2026-03-03', bytes: 2e9 },
  ]);
  it('orders days and drops what is not a day', () => {
    expect(points.map((p) => p.day)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(points[0]!.t).toBe(Date.UTC(2026, 2, 1));
  });
  it('summarises start, end and peak', () => {
    const s = storageSummary(points)!;
    expect([s.first.bytes, s.last.bytes, s.peak.day]).toEqual([1e9, 2e9, '2026-03-02']);
    expect(storageSummary([])).toBeNull();
  });
});
