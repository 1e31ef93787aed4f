import type { VigilEvent } from '@vigil/shared';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

export interface QueueItemActions {
  onSelect(): void;
  onAcknowledge(): void;
  onAssignToMe(): void;
  onAssignTo(): void;
  onOpen(): void;
}

/**
 * One open alert: its picture, what and where, and what can be done with it. The item itself takes
 * focus when the keyboard selects it, so a screen reader reads it and Enter opens its clip.
 */
export const QueueItem = forwardRef<
  HTMLLIElement,
  { event: VigilEvent; label: string; selected: boolean; mine: boolean; busy: boolean } & QueueItemActions
>(function QueueItem({ event, label, selected, mine, busy, ...act }, ref) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the page's shortcuts are the keyboard's way (j, k, Enter)
    <li
      ref={ref}
      tabIndex={-1}
      aria-current={selected || undefined}
      data-testid="queue-item"
      onClick={act.onSelect}
      className={cn(
        'flex flex-col gap-3 rounded-md border p-3 outline-none focus-visible:ring-2 focus-visible:ring-primary',
        selected ? 'border-primary bg-sunken' : 'border-line',
      )}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {event.thumbnailUrl ? (
          <img src={event.thumbnailUrl} alt="" className="h-12 w-20 shrink-0 rounded object-cover" />
        ) : (
          <span aria-hidden="true" className="h-12 w-20 shrink-0 rounded border border-line bg-sunken" />
        )}
        <span className="min-w-0 flex-1 text-sm">
          <span className="block font-medium text-fg">{label}</span>
          {mine && <span className="text-xs text-muted">{t('ops.queue.takenByMe')}</span>}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" className="px-3 py-1.5 text-sm" busy={busy} onClick={act.onAcknowledge}>
          {t('ops.queue.acknowledge')}
        </Button>
        {!mine && (
          <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={act.onAssignToMe}>
            {t('ops.queue.assignToMe')}
          </Button>
        )}
        <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={act.onAssignTo}>
          {t('ops.queue.assignTo')}
        </Button>
        {event.cameraId && (
          <Button variant="ghost" className="px-3 py-1.5 text-sm" onClick={act.onOpen}>
            {t('ops.queue.openClip')}
          </Button>
        )}
      </div>
    </li>
  );
});
