import type { BillingInterval, Plan } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { formatBytes, formatNumber } from '../../../lib/format.ts';
import { formatMoney, yearlySavingAmount, yearlySavingPercent } from '../../../lib/money.ts';
import { priceOf } from '../billing-model.ts';

/** One plan of the comparison: its price for the chosen interval, its limits and features, and the way to choose it. */
export function PlanCard({
  plan,
  interval,
  current,
  action,
}: {
  plan: Plan;
  interval: BillingInterval;
  current: boolean;
  action: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const price = priceOf(plan, interval);
  const saving = yearlySavingPercent(plan.prices.monthly, plan.prices.yearly);
  const yes = t('billing.plan.included');
  const no = t('billing.plan.notIncluded');
  const rows: [string, string][] = [
    [t('billing.limit.cameras'), formatNumber(plan.limits.maxCameras, lng)],
    [t('billing.limit.recordings'), formatNumber(plan.limits.maxRecordings, lng)],
    [t('billing.limit.storage'), formatBytes(plan.limits.maxStorage * 1e9, lng)],
    [t('billing.limit.ai'), formatNumber(plan.limits.aiAnalysisQuota, lng)],
    [t('billing.feature.aiAccess'), plan.features.aiAccess ? yes : no],
    [t('billing.feature.vms'), plan.features.vms ? yes : no],
  ];
  const headingId = `plan-${plan.key}-name`;
  return (
    <li
      className={cn(
        'flex flex-col rounded-lg border bg-surface p-5',
        current ? 'border-primary ring-2 ring-primary' : 'border-line',
      )}
      data-testid={`plan-${plan.key}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          {plan.name}
        </h2>
        {current && (
          <span className="rounded-full bg-info-bg px-2.5 py-0.5 text-xs font-semibold text-info-fg">
            {t('billing.plan.current')}
          </span>
        )}
      </div>
      {plan.description && <p className="mt-1 text-sm text-muted">{plan.description}</p>}
      <p className="mt-4 text-fg">
        <span className="text-3xl font-bold" data-testid="plan-price">
          {formatMoney(price, plan.currency, lng)}
        </span>{' '}
        <span className="text-sm text-muted">{t(`billing.per.${interval}`)}</span>
      </p>
      <p className="min-h-5 text-sm text-ok-fg">
        {interval === 'year' && saving > 0
          ? t('billing.plan.saving', {
              percent: saving,
              amount: formatMoney(yearlySavingAmount(plan.prices.monthly, plan.prices.yearly), plan.currency, lng),
            })
          : ''}
      </p>
      <dl className="mt-3 flex-1 divide-y divide-line text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-1.5">
            <dt className="text-muted">{label}</dt>
            <dd className="text-right font-medium text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4">{action}</div>
    </li>
  );
}
