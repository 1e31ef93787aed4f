import { ANALYTICS_MAX_DAYS, type AnalyticsEvents, type AnalyticsHeatmap } from '@vigil/shared';

/**
 * The analytics page's state and arithmetic, free of React: the period (a preset or two dates),
 * the site and camera filters in the URL, the period as the API takes it (local dates, `to`
 * exclusive: the server reads them in the workspace's zone), and what each chart's summary says.
 */
export const PRESETS = ['7', '30', '90', '365', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export interface AnalyticsFilters {
  preset: Preset;
  /** Custom period: first and last day shown, both included (`YYYY-MM-DD`). */
  from: string;
  to: string;
  siteId: string;
  cameraId: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A calendar day plus n days (n may be negative), as `YYYY-MM-DD`. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from a to b (b − a). */
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

export function filtersFromQuery(params: URLSearchParams, today: string): AnalyticsFilters {
  const preset = (PRESETS as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as Preset)
    : '30';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    preset,
    from: DAY.test(from) ? from : addDays(today, -29),
    to: DAY.test(to) ? to : today,
    siteId: params.get('siteId') ?? '',
    cameraId: params.get('cameraId') ?? '',
  };
}

/** The filters into the URL, keeping whatever else it says; defaults are left out. */
export function filtersToQuery(f: AnalyticsFilters, base: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(base);
  const set = (key: string, value: string, keep: boolean) => (keep && value ? next.set(key, value) : next.delete(key));
  set('period', f.preset, f.preset !== '30');
  set('from', f.from, f.preset === 'custom');
  set('to', f.to, f.preset === 'custom');
  set('siteId', f.siteId, true);
  set('cameraId', f.cameraId, true);
  return next;
}

/** Why a custom period cannot be asked for (an i18n key), or null. */
export function periodProblem(f: AnalyticsFilters): 'analytics.period.order' | 'analytics.period.tooLong' | null {
  if (f.preset !== 'custom') return null;
  if (!DAY.test(f.from) || !DAY.test(f.to) || f.from > f.to) return 'analytics.period.order';
  if (daysBetween(f.from, f.to) + 1 > ANALYTICS_MAX_DAYS) return 'analytics.period.tooLong';
  return null;
}

/** The period as the API takes it: local dates, `to` the day after the last one shown. */
export function apiPeriod(f: AnalyticsFilters, today: string): { from: string; to: string } {
  if (f.preset === 'custom') return { from: f.from, to: addDays(f.to, 1) };
  return { from: addDays(today, 1 - Number(f.preset)), to: addDays(today, 1) };
}

/** The busiest bucket (the first of equals), or null when nothing happened. */
export function busiest<T extends { count: number }>(rows: readonly T[]): T | null {
  let best: T | null = null;
  for (const r of rows) if (r.count > 0 && (!best || r.count > best.count)) best = r;
  return best;
}

/** The busiest cell of the heat map, or null. */
export const busiestCell = (h: AnalyticsHeatmap) => busiest(h.cells);

/** Cells by weekday (1–7) then hour (0–23): the grid the heat map draws. */
export function heatGrid(h: AnalyticsHeatmap): number[][] {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const c of h.cells)
    if (c.weekday >= 1 && c.weekday <= 7 && c.hour >= 0 && c.hour < 24) grid[c.weekday - 1]![c.hour] = c.count;
  return grid;
}

/** Hours and minutes of a duration, for "2 h 15 min". */
export function hoursMinutes(seconds: number): { h: number; m: number } {
  const total = Math.round(Math.max(0, seconds) / 60);
  return { h: Math.floor(total / 60), m: total % 60 };
}

/** The query string of a figure: the period, and the site and camera when chosen. */
export function figureQuery(
  period: { from: string; to: string },
  extra: Record<string, string | undefined> = {},
): string {
  const q = new URLSearchParams(period);
  for (const [k, v] of Object.entries(extra)) if (v) q.set(k, v);
  return q.toString();
}

/** The camera choices: every camera the per-camera figure lists (the caller's scope, the site's). */
export const cameraChoices = (byCamera: AnalyticsEvents | undefined) =>
  (byCamera?.buckets ?? [])
    .map((b) => ({ id: b.key ?? '', name: b.label }))
    .sort((a, b) => a.name.localeCompare(b.name));
