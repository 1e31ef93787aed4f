import type { AdminPlan } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatBytes, formatNumber } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';

const cell = 'px-3 py-2 align-top text-sm';
const COLUMNS = ['plan', 'prices', 'limits', 'flags', 'visibility', 'order', 'subscribers', 'actions'] as const;

/** Every plan, hidden and archived too, in the public order. */
export function PlansTable({
  plans,
  busyKey,
  onEdit,
  onArchive,
}: {
  plans: AdminPlan[];
  busyKey: string | null;
  onEdit(plan: AdminPlan): void;
  onArchive(plan: AdminPlan, archived: boolean): void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const yes = (on: boolean, label: string) => (
    <span
      className={cn(
        'mr-1 inline-block rounded-full px-2 py-0.5 text-xs',
        on ? 'bg-ok-bg text-ok-fg' : 'bg-sunken text-muted',
      )}
    >
      {label}: {on ? t('pricing.yes') : t('pricing.no')}
    </span>
  );
  return (
    <ScrollTable
      caption={t('pricing.caption')}
      head={COLUMNS.map((c) => ({ key: c, label: t(`pricing.col.${c}`) }))}
      tableClassName="sm:min-w-[980px]"
      testId="plans-table"
    >
      {plans.map((p) => (
        <tr
          key={p.key}
          className={cn('border-b border-line last:border-0', p.archived && 'opacity-75')}
          data-testid={`plan-row-${p.key}`}
        >
          <th scope="row" className={cn(cell, 'text-left font-medium text-fg')}>
            {p.name}
            <span className="block font-mono text-xs font-normal text-muted">{p.key}</span>
          </th>
          <td className={cn(cell, 'whitespace-nowrap text-fg')}>
            {t('pricing.monthlyPrice', { price: formatMoney(p.prices.monthly, p.currency, lng) })}
            <span className="block">
              {t('pricing.yearlyPrice', { price: formatMoney(p.prices.yearly, p.currency, lng) })}
            </span>
          </td>
          <td className={cn(cell, 'text-fg')}>
            <ul>
              <li>{t('pricing.limit.cameras', { n: formatNumber(p.limits.maxCameras, lng) })}</li>
              <li>{t('pricing.limit.recordings', { n: formatNumber(p.limits.maxRecordings, lng) })}</li>
              <li>{t('pricing.limit.storage', { size: formatBytes(p.limits.maxStorage * 1e9, lng) })}</li>
              <li>{t('pricing.limit.ai', { n: formatNumber(p.limits.aiAnalysisQuota, lng) })}</li>
            </ul>
          </td>
          <td className={cell}>
            {yes(p.features.aiAccess, t('pricing.field.aiAccess'))}
            {yes(p.features.vms, t('pricing.field.vms'))}
          </td>
          <td className={cn(cell, 'text-fg')}>
            {p.archived ? t('pricing.archived') : p.public ? t('pricing.public') : t('pricing.hidden')}
          </td>
          <td className={cn(cell, 'text-fg')}>{formatNumber(p.order, lng)}</td>
          <td className={cn(cell, 'text-fg')}>{formatNumber(p.subscribers, lng)}</td>
          <td className={cell}>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() => onEdit(p)}
                aria-label={t('pricing.editNamed', { name: p.name })}
              >
                {t('pricing.edit')}
              </Button>
              <Button
                variant="ghost"
                busy={busyKey === p.key}
                onClick={() => onArchive(p, !p.archived)}
                aria-label={t(p.archived ? 'pricing.unarchiveNamed' : 'pricing.archiveNamed', { name: p.name })}
              >
                {p.archived ? t('pricing.unarchive') : t('pricing.archive')}
              </Button>
            </div>
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}
