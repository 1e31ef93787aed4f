import type { SmsStatus } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const TONE: Record<SmsStatus, BadgeTone> = {
  queued: 'neutral',
  sent: 'info',
  delivered: 'ok',
  undelivered: 'error',
  failed: 'error',
  refused: 'warn',
};

/** A message's status in words (colour only repeats it). */
export function StatusBadge({ status }: { status: SmsStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={TONE[status]} data-testid="sms-status">
      {t(`sms.status.${status}`)}
    </Badge>
  );
}
