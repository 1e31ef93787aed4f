import { daysKept, type ReportModel, type ReportRow, uptimeRatio } from './report-model.ts';
import type { ReportFormatter } from './report-text.ts';

/**
 * The columns of each kind of report: as the PDF writes them (words and units of its language)
 * and as the CSV does (fixed English names, plain numbers in seconds and bytes, ISO 8601 times),
 * so a spreadsheet or a script reads every CSV alike whatever language asked for it.
 */
export interface PdfColumn {
  label: string;
  /** Share of the table's width. */
  weight: number;
  align: 'left' | 'right';
  text(row: ReportRow): string;
}

export interface CsvColumn {
  name: string;
  value(row: ReportRow): string | number | null;
}

const seconds = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : Math.round(ms / 1000));
const round = (n: number | null, digits: number) => (n === null ? null : Number(n.toFixed(digits)));

export function pdfColumns(model: ReportModel, f: ReportFormatter): PdfColumn[] {
  const { L } = f;
  const right = (label: string, text: (r: ReportRow) => string, weight = 1): PdfColumn => ({
    label,
    weight,
    align: 'right',
    text,
  });
  switch (model.kind) {
    case 'uptime':
      return [
        right(L.uptime, (r) => f.percent(uptimeRatio(r.figures.uptime))),
        right(L.downtime, (r) => f.duration(r.figures.uptime?.downMs ?? 0)),
        right(L.outages, (r) => f.integer(r.figures.uptime?.outages ?? 0), 0.8),
        right(L.longest, (r) => (r.figures.uptime?.outages ? f.duration(r.figures.uptime.longestMs) : '–')),
      ];
    case 'events': {
      const kinds = model.eventKinds.map((k) =>
        right(L.kinds[k as keyof typeof L.kinds] ?? k, (r) => f.integer(r.figures.events?.byKind[k] ?? 0), 0.8),
      );
      return [...kinds, right(L.total, (r) => f.integer(r.figures.events?.total ?? 0), 0.8)];
    }
    case 'storage':
      return [
        right(L.stored, (r) => f.bytes(r.figures.storage?.storedBytes ?? 0)),
        right(L.recorded, (r) => f.bytes(r.figures.storage?.recordedBytes ?? 0), 1.2),
        right(L.oldest, (r) => f.date(r.figures.storage?.oldestAt ?? null), 1.1),
        right(L.daysKept, (r) => {
          const d = daysKept(r.figures.storage, model.generatedAt);
          return d === null ? '–' : f.number(d);
        }),
        right(L.retention, (r) =>
          r.figures.storage?.retentionDays ? L.days(f.integer(r.figures.storage.retentionDays)) : '',
        ),
      ];
    case 'alerts':
      return [
        right(L.alerts, (r) => f.integer(r.figures.alerts?.alerts ?? 0), 0.8),
        right(L.acknowledged, (r) => f.integer(r.figures.alerts?.acknowledged ?? 0)),
        right(L.unacknowledged, (r) =>
          f.integer((r.figures.alerts?.alerts ?? 0) - (r.figures.alerts?.acknowledged ?? 0)),
        ),
        right(L.median, (r) => f.duration(r.figures.alerts?.medianMs ?? null), 1.3),
        right(L.p90, (r) => f.duration(r.figures.alerts?.p90Ms ?? null)),
      ];
  }
}

export function csvColumns(model: ReportModel): CsvColumn[] {
  switch (model.kind) {
    case 'uptime':
      return [
        {
          name: 'uptime_percent',
          value: (r) =>
            round(
              mapNull(uptimeRatio(r.figures.uptime), (x) => x * 100),
              4,
            ),
        },
        { name: 'period_seconds', value: (r) => seconds(r.figures.uptime?.windowMs ?? 0) },
        { name: 'downtime_seconds', value: (r) => seconds(r.figures.uptime?.downMs ?? 0) },
        { name: 'outages', value: (r) => r.figures.uptime?.outages ?? 0 },
        { name: 'longest_outage_seconds', value: (r) => seconds(r.figures.uptime?.longestMs ?? 0) },
      ];
    case 'events':
      return [
        ...model.eventKinds.map((k) => ({ name: k, value: (r: ReportRow) => r.figures.events?.byKind[k] ?? 0 })),
        { name: 'total', value: (r) => r.figures.events?.total ?? 0 },
      ];
    case 'storage':
      return [
        { name: 'stored_bytes', value: (r) => r.figures.storage?.storedBytes ?? 0 },
        { name: 'recorded_bytes_in_period', value: (r) => r.figures.storage?.recordedBytes ?? 0 },
        { name: 'oldest_footage', value: (r) => r.figures.storage?.oldestAt?.toISOString() ?? null },
        { name: 'days_kept', value: (r) => round(daysKept(r.figures.storage, model.generatedAt), 2) },
        { name: 'retention_days', value: (r) => r.figures.storage?.retentionDays ?? null },
      ];
    case 'alerts':
      return [
        { name: 'alerts', value: (r) => r.figures.alerts?.alerts ?? 0 },
        { name: 'acknowledged', value: (r) => r.figures.alerts?.acknowledged ?? 0 },
        {
          name: 'unacknowledged',
          value: (r) => (r.figures.alerts?.alerts ?? 0) - (r.figures.alerts?.acknowledged ?? 0),
        },
        {
          name: 'median_ack_seconds',
          value: (r) =>
            round(
              mapNull(r.figures.alerts?.medianMs ?? null, (x) => x / 1000),
              1,
            ),
        },
        {
          name: 'p90_ack_seconds',
          value: (r) =>
            round(
              mapNull(r.figures.alerts?.p90Ms ?? null, (x) => x / 1000),
              1,
            ),
        },
      ];
  }
}

function mapNull<T, U>(v: T | null, fn: (x: T) => U): U | null {
  return v === null ? null : fn(v);
}
