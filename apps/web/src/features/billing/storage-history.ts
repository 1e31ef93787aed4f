import type { Billing } from '@vigil/shared';

export interface StoragePoint {
  /** The day's midnight UTC: a day is a calendar day, not an instant in a zone. */
  t: number;
  day: string;
  bytes: number;
}

/** GET /billing's storageHistory as points in day order; malformed days are left out rather than drawn at 1970. */
export function storagePoints(history: Billing['storageHistory']): StoragePoint[] {
  return history
    .map((h) => ({ t: Date.parse(`${h.day.slice(0, 10)}T00:00:00Z`), day: h.day.slice(0, 10), bytes: h.bytes }))
    .filter((p) => !Number.isNaN(p.t))
    .sort((a, b) => a.t - b.t);
}

/** The three figures a summary of the chart says: where the period started, ended and peaked. */
export function storageSummary(
  points: StoragePoint[],
): { first: StoragePoint; last: StoragePoint; peak: StoragePoint } | null {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  const peak = points.reduce((a, b) => (b.bytes > a.bytes ? b : a), first);
  return { first, last, peak };
}
