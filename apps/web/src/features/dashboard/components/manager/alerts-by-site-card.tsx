import type { ManagerDashboard } from '@vigil/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { RowChart } from '../../../../components/charts/lazy-charts.ts';
import { Card } from '../../../../components/ui/card.tsx';
import { CardLink } from '../card-link.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { formatNumber } from '../../../../lib/format.ts';

/** Alerts nobody has acknowledged this week, per site: where attention is owed. */
export function AlertsBySiteCard({ sites }: { sites: ManagerDashboard['alertsBySite'] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const total = sites.reduce((sum, s) => sum + s.count, 0);
  const rows = sites.map((s) => ({
    id: s.siteId ?? 'none',
    label: s.name ?? t('managerDash.noSite'),
    value: s.count,
    text: formatNumber(s.count, lng),
  }));
  return (
    <Card title={t('managerDash.alertsBySite')} className="min-w-0">
      {rows.length === 0 ? (
        <p className="text-sm text-muted" data-testid="manager-no-open-alerts">
          {t('managerDash.noOpenAlerts')}
        </p>
      ) : (
        <Suspense fallback={<Spinner label={t('app.loading')} />}>
          <RowChart
            rows={rows}
            max={Math.max(1, ...rows.map((r) => r.value))}
            summary={t('managerDash.alertsSummary', { count: total, n: formatNumber(total, lng) })}
            testId="manager-alerts-chart"
          />
        </Suspense>
      )}
      <CardLink to="/viewer/events" label={t('dashboard.allEvents')} className="mt-4 inline-block" />
    </Card>
  );
}
