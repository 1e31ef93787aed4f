import type { AiAnalytics, AiAnalyticsCsvFigure } from '@vigil/shared';
import { csvTable } from '../../lib/csv.ts';

/**
 * The figures behind each AI analytics chart as CSV (lib/csv.ts: formulas neutralised, since
 * camera names are the users' own words). Local days and hours as the JSON says.
 */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function aiAnalyticsCsv(f: AiAnalytics, figure: AiAnalyticsCsvFigure): string {
  if (figure === 'cameras') {
    return csvTable(
      ['camera id', 'camera', 'detections'],
      f.cameras.map((c) => [c.cameraId, c.name, c.count]),
    );
  }
  if (figure === 'heatmap') {
    return csvTable(
      ['weekday', `hour (${f.timeZone})`, 'detections'],
      f.heatmap.map((c) => [WEEKDAYS[c.weekday - 1], c.hour, c.count]),
    );
  }
  // One column per label found in the period, most found first.
  const labels = f.labels.map((l) => l.label);
  return csvTable(
    [`day (${f.timeZone})`, 'detections', ...labels],
    f.days.map((d) => [d.day, d.total, ...labels.map((l) => d.counts[l] ?? 0)]),
  );
}
