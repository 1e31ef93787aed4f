import { csvLine } from '../../lib/csv.ts';
import { csvColumns } from './report-columns.ts';
import type { ReportModel, ReportRow } from './report-model.ts';

/**
 * A report as CSV: one line per camera, then per site, then the total (the `scope` column says
 * which), each with the period; camera and site names are people's words, so formula cells are
 * neutralised (lib/csv.ts). A byte-order mark lets spreadsheets read the names' accents as UTF-8.
 */
export function renderReportCsv(model: ReportModel): Buffer {
  const columns = csvColumns(model);
  const from = model.from.toISOString();
  const to = model.to.toISOString();
  const line = (r: ReportRow) => {
    const camera = r.scope === 'camera';
    return csvLine([
      r.scope,
      camera ? r.id : '',
      camera ? r.name : '',
      r.siteId ?? '',
      r.siteName ?? '',
      from,
      to,
      ...columns.map((c) => c.value(r)),
    ]);
  };
  const out = [
    csvLine(['scope', 'camera_id', 'camera', 'site_id', 'site', 'from', 'to', ...columns.map((c) => c.name)]),
    ...model.cameras.map(line),
    ...model.sites.map(line),
    line(model.total),
  ];
  return Buffer.from(`\ufeff${out.join('')}`, 'utf8');
}
