import type { AnalyticsEvents, AnalyticsHeatmap, AnalyticsStorage, AnalyticsUptime } from '@vigil/shared';
import { csvTable } from '../../lib/csv.ts';

/**
 * The figures behind each chart as CSV (lib/csv.ts: formulas neutralised, since camera and site
 * names are the users' own words). Instants in ISO 8601 UTC; local days and hours as the JSON says.
 */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function eventsCsv(f: AnalyticsEvents): string {
  const rows = f.buckets.map((b) => (f.groupBy === 'day' ? [b.key, b.count] : [b.key, b.label, b.count]));
  const header = {
    day: [`day (${f.timeZone})`, 'events'],
    hour: ['hour start (UTC)', `hour (${f.timeZone})`, 'events'],
    camera: ['camera id', 'camera', 'events'],
    site: ['site id', 'site', 'events'],
  }[f.groupBy];
  return csvTable(header, rows);
}

export const heatmapCsv = (f: AnalyticsHeatmap) =>
  csvTable(
    ['weekday', `hour (${f.timeZone})`, 'events'],
    f.cells.map((c) => [WEEKDAYS[c.weekday - 1], c.hour, c.count]),
  );

export const uptimeCsv = (f: AnalyticsUptime) =>
  csvTable(
    ['camera id', 'camera', 'site id', 'uptime %', 'observed seconds', 'down seconds', 'outages'],
    f.cameras.map((c) => [
      c.cameraId,
      c.name,
      c.siteId,
      c.uptime === null ? '' : Math.round(c.uptime * 1e5) / 1e3,
      c.observedSeconds,
      c.downSeconds,
      c.outageCount,
    ]),
  );

export const outagesCsv = (f: {
  outages: { cameraId: string; name: string; startAt: string; endAt: string | null; seconds: number }[];
}) =>
  csvTable(
    ['camera id', 'camera', 'start', 'end', 'seconds in period'],
    f.outages.map((o) => [o.cameraId, o.name, o.startAt, o.endAt ?? '', o.seconds]),
  );

export const storageCsv = (f: AnalyticsStorage) =>
  csvTable(
    ['day', 'bytes'],
    (f.history ?? []).map((h) => [h.day, h.bytes]),
  );

export const footageCsv = (f: AnalyticsStorage) =>
  csvTable(
    ['camera id', 'camera', 'site id', 'bytes', 'oldest footage', 'days kept'],
    f.cameras.map((c) => [c.cameraId, c.name, c.siteId, c.bytes, c.oldestAt ?? '', c.daysKept ?? '']),
  );
