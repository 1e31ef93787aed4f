import type { Export } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress.tsx';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';

const TONE: Record<Export['status'], string> = {
  queued: 'bg-sunken text-fg',
  running: 'bg-sunken text-fg',
  done: 'bg-primary text-on-primary',
  failed: 'bg-danger text-on-danger',
};

export function ExportItem(props: {
  item: Export;
  cameraName: string;
  timeZone: string;
  onDelete: (id: string) => void;
  deleting: boolean;
}) {
  const { item, cameraName, timeZone } = props;
  const { t, i18n } = useTranslation();
  const [copied, setCopied] = useState(false);
  const pct = Math.round(item.progress * 100);
  const copy = async () => {
    if (!item.sha256) return;
    await navigator.clipboard?.writeText(item.sha256).catch(() => {});
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <li className="rounded-lg border border-line bg-surface p-4" data-testid="export-item" data-status={item.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-fg">{cameraName}</p>
          <p className="text-sm text-muted">
            {t('exports.range', {
              start: formatDateTime(item.from, timeZone, i18n.language, 'second'),
              end: formatDateTime(item.to, timeZone, i18n.language, 'second'),
            })}
            {item.format === 'h264' && ` · ${t('exports.format.h264')}`}
          </p>
        </div>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${TONE[item.status]}`}>
          {t(`exports.status.${item.status}`)}
        </span>
      </div>
      {(item.status === 'queued' || item.status === 'running') && (
        <div className="mt-3">
          <ProgressBar label={t('exports.progress')} value={pct} />
          <p className="mt-1 text-xs text-muted">{pct} %</p>
        </div>
      )}
      {item.status === 'failed' && item.error && (
        <p className="mt-2 text-sm text-danger" role="status">
          {item.error}
        </p>
      )}
      {item.status === 'done' && (
        <div className="mt-3 grid gap-1 text-sm">
          <div className="flex gap-2">
            <span className="text-muted">{t('exports.size')}</span>
            <span className="text-fg">{item.bytes === null ? '' : formatBytes(item.bytes, i18n.language)}</span>
          </div>
          <div className="grid gap-1 sm:flex sm:flex-wrap sm:items-center sm:gap-2">
            <span className="text-muted">{t('exports.sha256')}</span>
            <span className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
              <code
                className="block min-w-0 break-all font-mono text-xs text-fg select-all"
                data-testid="export-sha256"
              >
                {item.sha256}
              </code>
              <Button variant="ghost" onClick={copy} aria-live="polite">
                {copied ? t('exports.copied') : t('exports.copy')}
              </Button>
            </span>
          </div>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {item.downloadUrl && (
          // Through the server's download route (not the listed signed link), so the download is audited.
          <a className={buttonClass('primary')} href={`/api/v1/exports/${item.id}/download`} download>
            {t('exports.download')}
          </a>
        )}
        <Button variant="secondary" busy={props.deleting} onClick={() => props.onDelete(item.id)}>
          {t('exports.delete')}
        </Button>
      </div>
    </li>
  );
}
