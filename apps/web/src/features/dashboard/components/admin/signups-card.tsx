import type { AdminDashboard } from '@vigil/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChart } from '../../../../components/charts/lazy-charts.ts';
import { Card } from '../../../../components/ui/card.tsx';
import { CardLink } from '../card-link.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { formatCalendarDay, formatNumber } from '../../../../lib/format.ts';

/** New accounts per day over 30 days: a trend people would rather see than read. */
export function SignupsCard({ signups }: { signups: AdminDashboard['signups'] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const total = signups.reduce((sum, d) => sum + d.count, 0);
  const summary = t('adminDash.signupsSummary', { count: total, total: formatNumber(total, lng) });
  return (
    <Card title={t('adminDash.signups')} className="min-w-0">
      <p className="mb-2 text-sm text-muted" data-testid="admin-signups-total">
        {summary}
      </p>
      <Suspense fallback={<Spinner label={t('app.loading')} />}>
        <ColumnChart
          rows={signups.map((d) => ({ key: d.day, count: d.count }))}
          summary={summary}
          tick={(day) => formatCalendarDay(day, lng)}
          format={(n) => formatNumber(n, lng)}
          testId="admin-signups-chart"
        />
      </Suspense>
      <CardLink to="/admin/users" label={t('dashboard.manageUsers')} className="mt-4 inline-block" />
    </Card>
  );
}
