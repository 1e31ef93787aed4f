import type { BulkOperation, BulkResult } from '@vigil/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Meter } from '../../../components/ui/progress.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { percentDone } from '../bulk-model.ts';

const cell = 'px-3 py-2 text-left align-top';

function ResultBadge({ result }: { result: BulkResult }) {
  const { t } = useTranslation();
  const [label, tone] =
    result.ok === null
      ? [t('bulk.result.pending'), 'bg-sunken text-muted']
      : result.ok
        ? [t('bulk.result.ok'), 'bg-ok-bg text-ok-fg']
        : [t('bulk.result.failed'), 'bg-error-bg text-error-fg'];
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${tone}`}>{label}</span>;
}

/** An operation as it runs: the bar, where it stands in words, and every camera's result. */
export function ProgressPanel({ op, summary, timeZone }: { op: BulkOperation; summary: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const failuresId = useId();
  const [failuresOnly, setFailuresOnly] = useState(false);
  const n = (x: number) => formatNumber(x, i18n.language);
  const { total, processed, succeeded, failed } = op.progress;
  const rows = failuresOnly ? op.results.filter((r) => r.ok === false) : op.results;
  const state =
    op.status === 'queued'
      ? t('bulk.state.queued')
      : op.status === 'running'
        ? t('bulk.state.running')
        : op.status === 'done'
          ? t('bulk.state.done', { succeeded: n(succeeded), failed: n(failed) })
          : t('bulk.state.failed');
  return (
    <div className="grid gap-4" data-testid="bulk-progress" data-status={op.status}>
      <div>
        <p className="font-medium text-fg">{summary}</p>
        <p className="text-sm text-muted">
          {t('bulk.progress.madeBy', {
            name: op.createdBy?.displayName || t('bulk.progress.someone'),
            when: formatDateTime(op.createdAt, timeZone, i18n.language),
          })}
        </p>
      </div>
      <Meter
        label={state}
        value={percentDone(op)}
        valueText={t('bulk.progress.count', {
          processed: n(processed),
          total: n(total),
          failed: n(failed),
          count: failed,
        })}
        tone={failed > 0 ? 'warning' : 'normal'}
        testId="bulk-meter"
      />
      {op.status === 'failed' && op.error && <Banner tone="error">{op.error}</Banner>}
      {failed > 0 && (
        <div className="flex min-h-10 items-center gap-2">
          <input
            id={failuresId}
            type="checkbox"
            className="h-4 w-4 accent-primary"
            checked={failuresOnly}
            onChange={(e) => setFailuresOnly(e.target.checked)}
          />
          <label htmlFor={failuresId} className="text-sm font-medium text-fg">
            {t('bulk.progress.failuresOnly', { count: failed })}
          </label>
        </div>
      )}
      <div className="max-h-[28rem] overflow-auto rounded-md border border-line">
        <table className="block w-full text-sm text-fg sm:table" data-testid="bulk-results">
          <caption className="sr-only">{t('bulk.progress.caption')}</caption>
          <thead className="sticky top-0 hidden bg-sunken sm:table-header-group">
            <tr>
              <th scope="col" className={cell}>
                {t('bulk.picker.camera')}
              </th>
              <th scope="col" className={cell}>
                {t('bulk.progress.result')}
              </th>
              <th scope="col" className={cell}>
                {t('bulk.progress.reason')}
              </th>
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {rows.map((r) => (
              <tr
                key={r.cameraId}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-line p-2 first:border-t-0 sm:table-row sm:p-0"
                data-testid="bulk-result"
                data-ok={r.ok === null ? 'pending' : String(r.ok)}
              >
                <td className="font-medium sm:px-3 sm:py-2">{r.cameraName}</td>
                <td className="sm:px-3 sm:py-2">
                  <ResultBadge result={r} />
                </td>
                <td className="w-full text-muted sm:w-auto sm:px-3 sm:py-2">{r.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
