import type { AdminDashboard } from '@vigil/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { RowChart } from '../../../../components/charts/lazy-charts.ts';
import { Card } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { formatDateTime, formatNumber } from '../../../../lib/format.ts';

/** Each live recorder and how many cameras it records: an uneven share shows at a glance. */
export function RecordersCard({ data, timeZone }: { data: AdminDashboard; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const rows = data.recorders.map((r) => ({
    id: r.id,
    label: r.hostname,
    value: r.cameras,
    text: t('adminDash.recorderCameras', { count: r.cameras, n: formatNumber(r.cameras, lng) }),
  }));
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <Card title={t('adminDash.recordersTitle')} className="min-w-0">
      {rows.length === 0 ? (
        <p className="text-sm text-danger" data-testid="admin-no-recorder">
          {t('adminDash.noRecorder')}
        </p>
      ) : (
        <>
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <RowChart
              rows={rows}
              max={max}
              summary={t('adminDash.recordersSummary', { count: rows.length })}
              testId="admin-recorders-chart"
            />
          </Suspense>
          <ul className="mt-3 flex flex-col gap-1 text-sm text-muted">
            {data.recorders.map((r) => (
              <li key={r.id} className="break-words">
                {t('adminDash.recorderSince', { host: r.hostname, at: formatDateTime(r.startedAt, timeZone, lng) })}
              </li>
            ))}
          </ul>
        </>
      )}
      {data.unassignedCameras > 0 && (
        <p className="mt-3 text-sm text-warn-fg" data-testid="admin-unassigned">
          {t('adminDash.unassigned', { count: data.unassignedCameras, n: formatNumber(data.unassignedCameras, lng) })}
        </p>
      )}
    </Card>
  );
}
