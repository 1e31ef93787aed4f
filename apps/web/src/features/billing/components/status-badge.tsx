import type { PlanStatus } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const tone: Record<PlanStatus, BadgeTone> = {
  trial: 'info',
  active: 'ok',
  past_due: 'warn',
  canceled: 'error',
  expired: 'error',
};

/** The plan's status in words (the colour only repeats them). */
export function StatusBadge({ status }: { status: PlanStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={tone[status]} data-testid="plan-status">
      {t(`planStatus.${status}`)}
    </Badge>
  );
}
