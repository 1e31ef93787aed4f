import type { AiAnalytics, Box, Detection } from '@vigil/shared';

/** Pure helpers of the AI pages (periods, the overlay's boxes, search queries, playback links). */

export const PRESETS = ['7', '30', '90'] as const;
export type Preset = (typeof PRESETS)[number];

/** A local date (YYYY-MM-DD) plus n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The last n days up to today, as local dates (the server reads them in the workspace's zone). */
export function presetPeriod(preset: Preset, today: string): { from: string; to: string } {
  return { from: addDays(today, 1 - Number(preset)), to: addDays(today, 1) };
}

export function analyticsQuery(period: { from: string; to: string }, cameraId?: string): string {
  const q = new URLSearchParams(period);
  if (cameraId) q.set('cameraId', cameraId);
  return q.toString();
}

/** The heat map as 7 weekday rows × 24 hours. */
export function heatGrid(cells: AiAnalytics['heatmap']): number[][] {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const c of cells) if (grid[c.weekday - 1]) grid[c.weekday - 1]![c.hour] = c.count;
  return grid;
}

/** The busiest row, or null when every count is zero. */
export function busiest<T extends { count: number }>(rows: readonly T[]): T | null {
  let top: T | null = null;
  for (const r of rows) if (r.count > 0 && (!top || r.count > top.count)) top = r;
  return top;
}

/** How long boxes stay over the video after they arrive, and how long they take to fade. */
export const BOX_SHOW_MS = 4000;
export const BOX_FADE_MS = 1000;

export interface ShownDetections {
  key: string;
  cameraId: string;
  /** When they arrived (ms). */
  at: number;
  detections: Detection[];
}

/** The boxes still shown at `now`, each with its opacity (1, then fading to 0). */
export function visibleBoxes(
  sets: readonly ShownDetections[],
  cameraId: string,
  now: number,
): { key: string; opacity: number; detection: Detection }[] {
  const out: { key: string; opacity: number; detection: Detection }[] = [];
  for (const s of sets) {
    if (s.cameraId !== cameraId) continue;
    const age = now - s.at;
    if (age < 0 || age >= BOX_SHOW_MS + BOX_FADE_MS) continue;
    const opacity = age <= BOX_SHOW_MS ? 1 : 1 - (age - BOX_SHOW_MS) / BOX_FADE_MS;
    for (const [i, detection] of s.detections.entries()) out.push({ key: `${s.key}:${i}`, opacity, detection });
  }
  return out;
}

/** Keeps only the sets that can still be seen (the overlay's state never grows). */
export const pruneSets = (sets: readonly ShownDetections[], now: number) =>
  sets.filter((s) => now - s.at < BOX_SHOW_MS + BOX_FADE_MS);

/** A box in fractions, clamped to the picture and ordered: x, y, width, height. */
export function boxRect(box: Box): { x: number; y: number; width: number; height: number } {
  const c = (v: number) => Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0));
  const [x1, y1, x2, y2] = box.map(c) as [number, number, number, number];
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

/** A realtime `ai` message ({ cameraId, eventId, at, detections }), or null when it is not one. */
export function readAiMessage(
  data: unknown,
): { cameraId: string; eventId: string | null; detections: Detection[] } | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (typeof d.cameraId !== 'string' || !Array.isArray(d.detections)) return null;
  const detections = d.detections.filter(
    (x): x is Detection =>
      !!x &&
      typeof x === 'object' &&
      typeof (x as Detection).label === 'string' &&
      typeof (x as Detection).score === 'number' &&
      Array.isArray((x as Detection).box) &&
      (x as Detection).box.length === 4,
  );
  return { cameraId: d.cameraId, eventId: typeof d.eventId === 'string' ? d.eventId : null, detections };
}

/** The search's time ranges, relative to now. */
export const RANGES = ['1h', '24h', 'yesterday', '7d', '30d'] as const;
export type Range = (typeof RANGES)[number];

/** A range as instants: the last hour/day/week/month, or yesterday (local midnight to midnight). */
export function rangeOf(range: Range, now: number = Date.now()): { from: string; to: string } {
  const iso = (ms: number) => new Date(ms).toISOString();
  const H = 3_600_000;
  if (range === 'yesterday') {
    const midnight = new Date(now);
    midnight.setHours(0, 0, 0, 0);
    const start = new Date(midnight);
    start.setDate(start.getDate() - 1);
    return { from: iso(start.getTime()), to: iso(midnight.getTime()) };
  }
  const back = { '1h': H, '24h': 24 * H, '7d': 7 * 24 * H, '30d': 30 * 24 * H }[range];
  return { from: iso(now - back), to: iso(now + 60_000) };
}

/** The events API query of a detection search. */
export function searchQuery(s: { label: string; cameraId: string; range: Range }, now?: number, limit = 24): string {
  const q = new URLSearchParams({ kind: 'ai.detection', limit: String(limit) });
  if (s.label) q.set('label', s.label);
  if (s.cameraId) q.set('cameraId', s.cameraId);
  const r = rangeOf(s.range, now);
  q.set('from', r.from);
  q.set('to', r.to);
  return q.toString();
}

/** The day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function dayIn(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(new Date(iso));
  } catch {
    return new Date(iso).toISOString().slice(0, 10);
  }
}

/** Where the recordings page plays a detection's moment (as the events feature links to it). */
export function playbackLink(e: { cameraId: string | null; startAt: string }, timeZone: string): string | null {
  if (!e.cameraId) return null;
  const q = new URLSearchParams({ camera: e.cameraId, day: dayIn(e.startAt, timeZone), zoom: '1h', at: e.startAt });
  return `/viewer/recordings?${q}`;
}

/** The quota's share used (0–100) and its tone. */
export function quotaState(used: number, quota: number): { percent: number; exhausted: boolean; near: boolean } {
  const percent = quota > 0 ? Math.min(100, Math.round((used / quota) * 100)) : 100;
  return { percent, exhausted: used >= quota, near: percent >= 80 };
}
