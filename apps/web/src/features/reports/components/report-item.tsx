import type { Report } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress.tsx';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { isRendering } from '../report-model.ts';

const TONE: Record<Report['status'], string> = {
  queued: 'bg-sunken text-fg',
  running: 'bg-sunken text-fg',
  done: 'bg-primary text-on-primary',
  failed: 'bg-danger text-on-danger',
};

/** One report: what and when, its status (progress while it renders), its file and the way to remove it. */
export function ReportItem(props: { report: Report; onDelete(report: Report): void }) {
  const { report } = props;
  const { t, i18n } = useTranslation();
  const pct = Math.round(report.progress * 100);
  const when = (iso: string) => formatDateTime(iso, report.timeZone, i18n.language);
  return (
    <li className="rounded-lg border border-line bg-surface p-4" data-testid="report-item" data-status={report.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-fg">
            {t(`reports.kinds.${report.kind}`)} · {t(`reports.formats.${report.format}`)}
          </p>
          <p className="text-sm text-muted">
            {t('reports.range', { from: when(report.from), to: when(report.to), tz: report.timeZone })}
          </p>
          <p className="text-sm text-muted">
            {report.siteName ?? t('reports.allCameras')} · {t('reports.cameraCount', { count: report.cameraCount })}
            {report.scheduleId ? ` · ${t('reports.scheduled')}` : ''}
          </p>
        </div>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${TONE[report.status]}`}>
          {t(`reports.status.${report.status}`)}
        </span>
      </div>
      {isRendering(report) && (
        <div className="mt-3">
          <ProgressBar label={t('reports.progress')} value={pct} />
        </div>
      )}
      {report.status === 'failed' && report.error && (
        <p className="mt-2 text-sm text-danger" role="status">
          {report.error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {report.status === 'done' && (
          // Through the server's download route: a fresh signed link at each click, never a stale one.
          <a
            className={buttonClass('primary')}
            href={`/api/v1/reports/${encodeURIComponent(report.id)}/download`}
            download={report.fileName}
          >
            {t('reports.download')}
            <span className="sr-only"> {report.fileName}</span>
          </a>
        )}
        {report.status === 'done' && report.bytes !== null && (
          <span className="text-sm text-muted">{formatBytes(report.bytes, i18n.language)}</span>
        )}
        <Button variant="secondary" onClick={() => props.onDelete(report)}>
          {t('reports.delete')}
        </Button>
      </div>
    </li>
  );
}
