import type { Billing } from '@vigil/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureTable } from '../../../components/charts/figure-card.tsx';
import { AreaChart } from '../../../components/charts/lazy-charts.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatBytes, formatCalendarDay } from '../../../lib/format.ts';
import { storagePoints, storageSummary } from '../storage-history.ts';

/**
 * Storage over the last 30 days: a chart for the eye (the shared lazy chart chunk, decision 0007:
 * no other page of billing pays for it), the same figures as a table for everyone.
 */
export function StorageHistory({ history }: { history: Billing['storageHistory'] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const points = storagePoints(history);
  const s = storageSummary(points);
  const summary = s
    ? t('billing.storage.summary', {
        from: formatBytes(s.first.bytes, lng),
        to: formatBytes(s.last.bytes, lng),
        peak: formatBytes(s.peak.bytes, lng),
        peakDay: formatCalendarDay(s.peak.day, lng, 'long'),
      })
    : '';
  return (
    <Card title={t('billing.storage.title')}>
      {!s ? (
        <p className="text-sm text-muted">{t('billing.storage.empty')}</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted">{summary}</p>
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <AreaChart
              points={points.map((p) => ({ t: p.t, value: p.bytes }))}
              summary={summary}
              tick={(ms) => formatCalendarDay(new Date(ms).toISOString(), lng)}
              format={(n) => formatBytes(n, lng)}
              height={220}
              testId="storage-chart"
            />
          </Suspense>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-primary">{t('billing.storage.table')}</summary>
            <div className="mt-2">
              <FigureTable
                caption={t('billing.storage.title')}
                head={[t('billing.storage.day'), t('billing.storage.used')]}
                rows={points.map((p) => ({
                  key: p.day,
                  cells: [formatCalendarDay(p.day, lng, 'long'), formatBytes(p.bytes, lng)],
                }))}
                testId="storage-table"
              />
            </div>
          </details>
        </>
      )}
    </Card>
  );
}
