import type { AdminDashboard } from '@vigil/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { RowChart } from '../../../../components/charts/lazy-charts.ts';
import { Card } from '../../../../components/ui/card.tsx';
import { CardLink } from '../card-link.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { formatNumber } from '../../../../lib/format.ts';

/** Workspaces per plan and status: how the installation's customers are spread. */
export function PlansCard({ plans }: { plans: AdminDashboard['plans'] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const rows = plans.map((p) => ({
    id: `${p.plan}:${p.status}`,
    label: t('adminDash.planRow', {
      plan: t(`plan.${p.plan}`, { defaultValue: p.plan }),
      status: t(`planStatus.${p.status}`, { defaultValue: p.status }),
    }),
    value: p.count,
    text: formatNumber(p.count, lng),
  }));
  const total = plans.reduce((sum, p) => sum + p.count, 0);
  return (
    <Card title={t('adminDash.plans')} className="min-w-0">
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t('adminDash.noPlans')}</p>
      ) : (
        <Suspense fallback={<Spinner label={t('app.loading')} />}>
          <RowChart
            rows={rows}
            max={Math.max(1, ...rows.map((r) => r.value))}
            summary={t('adminDash.plansSummary', { count: total, n: formatNumber(total, lng) })}
            testId="admin-plans-chart"
          />
        </Suspense>
      )}
      <CardLink to="/admin/pricing" label={t('adminDash.pricing')} className="mt-4 inline-block" />
    </Card>
  );
}
