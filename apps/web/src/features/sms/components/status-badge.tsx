import type { SmsStatus } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

const TONE: Record<SmsStatus, string> = {
  queued: 'bg-sunken text-fg',
  sent: 'bg-info-bg text-info-fg',
  delivered: 'bg-ok-bg text-ok-fg',
  undelivered: 'bg-error-bg text-error-fg',
  failed: 'bg-error-bg text-error-fg',
  refused: 'bg-warn-bg text-warn-fg',
};

/** A message's status in words (colour only repeats it). */
export function StatusBadge({ status }: { status: SmsStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', TONE[status])}
      data-testid="sms-status"
    >
      {t(`sms.status.${status}`)}
    </span>
  );
}
