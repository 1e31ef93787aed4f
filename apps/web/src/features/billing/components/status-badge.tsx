import type { PlanStatus } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

const tone: Record<PlanStatus, string> = {
  trial: 'bg-info-bg text-info-fg',
  active: 'bg-ok-bg text-ok-fg',
  past_due: 'bg-warn-bg text-warn-fg',
  canceled: 'bg-error-bg text-error-fg',
  expired: 'bg-error-bg text-error-fg',
};

/** The plan's status in words (the colour only repeats them). */
export function StatusBadge({ status }: { status: PlanStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold', tone[status])}
      data-testid="plan-status"
    >
      {t(`planStatus.${status}`)}
    </span>
  );
}
