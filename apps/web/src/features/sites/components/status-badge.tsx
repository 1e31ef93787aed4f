import type { CameraStatus } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

const tone: Record<CameraStatus, string> = {
  online: 'bg-ok-bg text-ok-fg',
  reconnecting: 'bg-warn-bg text-warn-fg',
  offline: 'bg-error-bg text-error-fg',
  disabled: 'bg-sunken text-muted',
};

/** A camera's status, written out with a shape beside it (colour is never the only signal). */
export function CameraStatusBadge({ status }: { status: CameraStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium', tone[status])}
      data-status={status}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block h-2 w-2 rounded-full bg-current',
          status === 'disabled' && 'bg-transparent ring-1 ring-current',
        )}
      />
      {t(`sites.status.${status}`)}
    </span>
  );
}
