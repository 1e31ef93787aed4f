import type { BillingInterval } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

/**
 * Monthly or yearly, as two radio buttons drawn as a switch: arrow keys move between them and a
 * screen reader hears one choice of two, with the best yearly saving in the yearly label.
 */
export function IntervalChoice({
  value,
  onChange,
  bestSaving,
}: {
  value: BillingInterval;
  onChange(v: BillingInterval): void;
  bestSaving: number;
}) {
  const { t } = useTranslation();
  const option = (v: BillingInterval, label: string) => (
    <label
      className={cn(
        'flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-4 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[var(--focus)]',
        value === v ? 'bg-primary text-on-primary' : 'text-fg hover:bg-sunken',
      )}
    >
      <input
        type="radio"
        name="billing-interval"
        value={v}
        checked={value === v}
        onChange={() => onChange(v)}
        className="sr-only"
      />
      {label}
    </label>
  );
  return (
    <fieldset className="inline-flex flex-wrap items-center gap-1 rounded-lg border border-line bg-surface p-1">
      <legend className="sr-only">{t('billing.interval.legend')}</legend>
      {option('month', t('billing.interval.month'))}
      {option(
        'year',
        bestSaving > 0 ? t('billing.interval.yearSave', { percent: bestSaving }) : t('billing.interval.year'),
      )}
    </fieldset>
  );
}
