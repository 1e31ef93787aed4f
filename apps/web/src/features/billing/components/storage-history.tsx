import type { Billing } from '@vigil/shared';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatBytes } from '../../../lib/format.ts';
import { dayLabel, storagePoints, storageSummary } from '../storage-history.ts';

// The chart library loads with this card only (decision 0007): no other page pays for it.
const StorageChart = lazy(() => import('./storage-chart.tsx'));

/** Storage over the last 30 days: a chart for the eye, the same figures as a table for everyone. */
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
        peakDay: dayLabel(s.peak.t, lng, 'long'),
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
            <StorageChart points={points} summary={summary} />
          </Suspense>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-primary">{t('billing.storage.table')}</summary>
            <div className="mt-2">
              <table className="w-full text-left" data-testid="storage-table">
                <caption className="sr-only">{t('billing.storage.title')}</caption>
                <thead>
                  <tr className="border-b border-line text-muted">
                    <th scope="col" className="py-1 font-medium">
                      {t('billing.storage.day')}
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      {t('billing.storage.used')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {points.map((p) => (
                    <tr key={p.day} className="border-b border-line last:border-0">
                      <th scope="row" className="py-1 font-normal text-fg">
                        {dayLabel(p.t, lng, 'long')}
                      </th>
                      <td className="py-1 text-right text-fg">{formatBytes(p.bytes, lng)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </Card>
  );
}
