import type { VigilEvent } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

const pill = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

/** Severity, arming and acknowledgement at a glance (text, not colour alone). */
export function EventBadges({ event }: { event: VigilEvent }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span
        className={cn(pill, event.severity === 'alert' ? 'bg-error-bg text-error-fg' : 'bg-info-bg text-info-fg')}
        data-testid="event-severity"
      >
        {t(`events.severity.${event.severity}`)}
      </span>
      {event.cameraId && (
        <span className={cn(pill, 'bg-sunken text-fg')}>{t(event.armed ? 'events.armed' : 'events.disarmed')}</span>
      )}
      {!event.endAt && <span className={cn(pill, 'bg-warn-bg text-warn-fg')}>{t('events.ongoing')}</span>}
      {event.acknowledgedAt && <span className={cn(pill, 'bg-ok-bg text-ok-fg')}>{t('events.acknowledged')}</span>}
    </span>
  );
}
