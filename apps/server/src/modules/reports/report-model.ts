import type { ReportKind } from '@vigil/shared';

/**
 * A report's figures, per camera, then per site and for the whole report (pure: the data repo
 * reads the per-camera figures, renderers write what is here).
 */
export interface Uptime {
  /** The part of the period the camera existed in, up to the time of rendering. */
  windowMs: number;
  /** Offline time within it (overlapping outages merged). */
  downMs: number;
  outages: number;
  longestMs: number;
}
export interface EventCounts {
  byKind: Record<string, number>;
  total: number;
}
export interface Storage {
  /** Bytes of the footage stored now. */
  storedBytes: number;
  /** Bytes of the footage still stored that was recorded in the period. */
  recordedBytes: number;
  oldestAt: Date | null;
  /** The camera's setting (null for sites and the total). */
  retentionDays: number | null;
}
export interface Alerts {
  alerts: number;
  acknowledged: number;
  /** Time to acknowledge (acknowledged_at − start_at) of the acknowledged ones; null without any. */
  medianMs: number | null;
  p90Ms: number | null;
}

export interface Figures {
  uptime?: Uptime;
  events?: EventCounts;
  storage?: Storage;
  alerts?: Alerts;
}

export interface ReportRow {
  scope: 'camera' | 'site' | 'total';
  /** The camera's or the site's id (null: the total, or the cameras of no site). */
  id: string | null;
  name: string;
  siteId: string | null;
  siteName: string | null;
  figures: Figures;
}

export interface ReportModel {
  kind: ReportKind;
  workspaceName: string;
  siteName: string | null;
  from: Date;
  to: Date;
  /** When the figures were read: a period still running is reported up to here. */
  generatedAt: Date;
  timeZone: string;
  language: string;
  cameras: ReportRow[];
  /** One per site among the cameras (cameras of no site together), when any camera belongs to a site. */
  sites: ReportRow[];
  total: ReportRow;
  /** The event kinds the events report has columns for. */
  eventKinds: string[];
}

export const uptimeRatio = (u: Uptime | undefined): number | null =>
  u && u.windowMs > 0 ? Math.max(0, 1 - u.downMs / u.windowMs) : null;

/** Sums camera figures into a site's or the report's (percentiles come from the database: they do not add up). */
export function sumFigures(rows: readonly Figures[], alerts: Alerts | undefined): Figures {
  const out: Figures = {};
  if (rows.some((r) => r.uptime)) {
    const u = { windowMs: 0, downMs: 0, outages: 0, longestMs: 0 };
    for (const r of rows)
      if (r.uptime) {
        u.windowMs += r.uptime.windowMs;
        u.downMs += r.uptime.downMs;
        u.outages += r.uptime.outages;
        u.longestMs = Math.max(u.longestMs, r.uptime.longestMs);
      }
    out.uptime = u;
  }
  if (rows.some((r) => r.events)) {
    const e: EventCounts = { byKind: {}, total: 0 };
    for (const r of rows)
      if (r.events) {
        for (const [k, n] of Object.entries(r.events.byKind)) e.byKind[k] = (e.byKind[k] ?? 0) + n;
        e.total += r.events.total;
      }
    out.events = e;
  }
  if (rows.some((r) => r.storage)) {
    const s: Storage = { storedBytes: 0, recordedBytes: 0, oldestAt: null, retentionDays: null };
    for (const r of rows)
      if (r.storage) {
        s.storedBytes += r.storage.storedBytes;
        s.recordedBytes += r.storage.recordedBytes;
        const o = r.storage.oldestAt;
        if (o && (!s.oldestAt || o < s.oldestAt)) s.oldestAt = o;
      }
    out.storage = s;
  }
  if (alerts) out.alerts = alerts;
  return out;
}

/** Days of footage kept: from the oldest stored segment to when the report was made. */
export const daysKept = (s: Storage | undefined, at: Date): number | null =>
  s?.oldestAt ? Math.max(0, (at.getTime() - s.oldestAt.getTime()) / 86_400_000) : null;

/** The rows a chart shows: the worst ten by the report's own measure. */
export function chartRows(model: ReportModel, max = 10): { name: string; value: number }[] {
  const measure = (r: ReportRow): number | null => {
    const f = r.figures;
    switch (model.kind) {
      case 'uptime':
        return uptimeRatio(f.uptime);
      case 'events':
        return f.events?.total ?? 0;
      case 'storage':
        return f.storage?.storedBytes ?? 0;
      case 'alerts':
        return f.alerts?.alerts ?? 0;
    }
  };
  const rows = model.cameras
    .map((r) => ({ name: r.name, value: measure(r) }))
    .filter((r): r is { name: string; value: number } => r.value !== null);
  rows.sort((a, b) => (model.kind === 'uptime' ? a.value - b.value : b.value - a.value));
  return rows.slice(0, max);
}
