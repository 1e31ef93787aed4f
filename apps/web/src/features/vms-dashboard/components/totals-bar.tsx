import { useTranslation } from 'react-i18next';
import { formatBytes, formatNumber } from '../../../lib/format.ts';
import { cn } from '../../../lib/cn.ts';
import type { Totals } from '../api.ts';

/** The totals across the listed sites, on top of the dashboard. */
export function TotalsBar({ totals }: { totals: Totals }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language, 0);
  const items: [string, string, string, string | undefined][] = [
    ['sites', t('vmsDashboard.totals.sites'), n(totals.sites), undefined],
    ['online', t('vmsDashboard.totals.online'), `${n(totals.online)} / ${n(totals.cameras)}`, undefined],
    ['offline', t('vmsDashboard.totals.offline'), n(totals.offline), totals.offline > 0 ? 'text-danger' : undefined],
    [
      'alerts',
      t('vmsDashboard.totals.alerts'),
      n(totals.openAlerts),
      totals.openAlerts > 0 ? 'text-warn-fg' : undefined,
    ],
    ['storage', t('vmsDashboard.totals.storage'), formatBytes(totals.storageBytes, i18n.language), undefined],
  ];
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="vms-totals">
      {items.map(([key, label, value, tone]) => (
        <div key={key} className="rounded-lg border border-line bg-surface p-3">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className={cn('text-2xl font-semibold tabular-nums text-fg', tone)} data-testid={`total-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
