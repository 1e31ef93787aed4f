import {
  type CreateReportInput,
  REPORT_MAX_DAYS,
  type Report,
  type ReportFormat,
  type ReportKind,
  type ReportPreset,
  reportPeriod,
} from '@vigil/shared';
import { fromLocalInput, toLocalInput } from '../../lib/local-time.ts';

/** The new-report form: what, which period (a preset or custom, on the workspace's calendar), where, how. */
export type PeriodChoice = ReportPreset | 'custom';
export interface ReportForm {
  kind: ReportKind;
  period: PeriodChoice;
  /** datetime-local values in the workspace's zone, for a custom period. */
  from: string;
  to: string;
  /** '' = every camera. */
  siteId: string;
  format: ReportFormat;
}

export const PERIOD_CHOICES: readonly PeriodChoice[] = ['last-week', 'last-month', 'this-week', 'this-month', 'custom'];

export const isRendering = (r: Pick<Report, 'status'>) => r.status === 'queued' || r.status === 'running';

export function emptyReportForm(timeZone: string, now = new Date()): ReportForm {
  const last = reportPeriod('last-week', now, timeZone);
  return {
    kind: 'uptime',
    period: 'last-week',
    from: toLocalInput(last.from.getTime(), timeZone),
    to: toLocalInput(last.to.getTime(), timeZone),
    siteId: '',
    format: 'pdf',
  };
}

export type PeriodProblem = 'badRange' | 'future' | 'tooLong';

/** The period asked for, as instants; a problem instead when a custom one cannot be a report's. */
export function periodOf(
  form: ReportForm,
  timeZone: string,
  now = new Date(),
): { from: Date; to: Date } | { problem: PeriodProblem } {
  if (form.period !== 'custom') return reportPeriod(form.period, now, timeZone);
  const from = fromLocalInput(form.from, timeZone);
  const to = fromLocalInput(form.to, timeZone);
  if (from === null || to === null || from >= to) return { problem: 'badRange' };
  if (from > now.getTime()) return { problem: 'future' };
  if (to - from > REPORT_MAX_DAYS * 86_400_000) return { problem: 'tooLong' };
  return { from: new Date(from), to: new Date(to) };
}

export function createReportInput(form: ReportForm, period: { from: Date; to: Date }): CreateReportInput {
  return {
    kind: form.kind,
    format: form.format,
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    ...(form.siteId ? { siteId: form.siteId } : {}),
  };
}
