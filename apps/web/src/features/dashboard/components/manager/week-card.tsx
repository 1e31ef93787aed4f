import type { ManagerDashboard } from '@vigil/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChart } from '../../../../components/charts/lazy-charts.ts';
import { Card } from '../../../../components/ui/card.tsx';
import { CardLink } from '../card-link.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { formatCalendarDay, formatNumber } from '../../../../lib/format.ts';

/** The week's events per day, drawn: a busy day stands out before any figure is read. */
export function WeekCard({ week }: { week: ManagerDashboard['week'] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const total = week.reduce((sum, d) => sum + d.count, 0);
  const summary = t('managerDash.weekSummary', { count: total, n: formatNumber(total, lng) });
  return (
    <Card title={t('managerDash.week')} className="min-w-0">
      <p className="mb-2 text-sm text-muted" data-testid="manager-week-total">
        {summary}
      </p>
      <Suspense fallback={<Spinner label={t('app.loading')} />}>
        <ColumnChart
          rows={week.map((d) => ({ key: d.day, count: d.count }))}
          summary={summary}
          tick={(day) => formatCalendarDay(day, lng)}
          format={(n) => formatNumber(n, lng)}
          testId="manager-week-chart"
        />
      </Suspense>
      <CardLink to="/manager/analytics" label={t('managerDash.analytics')} className="mt-4 inline-block" />
    </Card>
  );
}
