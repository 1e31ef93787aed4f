import type { VigilEvent } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { durationMs, formatDuration } from '../event-model.ts';
import { EventBadges } from './event-badges.tsx';
import { KindIcon } from './kind-icon.tsx';

export interface EventRowProps {
  event: VigilEvent;
  cameraName: string;
  timeZone: string;
  selected: boolean;
  /** Null for people who may only read events (no selection, no acknowledge). */
  onSelect: ((id: string, on: boolean) => void) | null;
  onOpen(id: string): void;
  onAcknowledge: ((id: string) => void) | null;
  acknowledging: boolean;
  ackLabel: string;
}

/** One event: a card on phones, a row from `sm` up. */
export function EventRow(props: EventRowProps) {
  const { event, cameraName, timeZone, selected, onSelect, onOpen, onAcknowledge } = props;
  const { t, i18n } = useTranslation();
  const kind = t(`events.kind.${event.kind}`);
  const when = formatDateTime(event.startAt, timeZone, i18n.language, 'second');
  const duration = formatDuration(durationMs(event), i18n.language);
  const titleId = `event-${event.id}-title`;
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-3 sm:flex-row sm:items-center"
      data-testid="event-row"
      data-event-id={event.id}
      data-kind={event.kind}
      data-acknowledged={event.acknowledgedAt ? 'true' : 'false'}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {onSelect && (
          <input
            type="checkbox"
            className="mt-1 h-5 w-5 shrink-0 accent-primary"
            checked={selected}
            aria-label={t('events.select', { what: `${kind}, ${cameraName || t('events.workspace')}, ${when}` })}
            onChange={(e) => onSelect(event.id, e.target.checked)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              onSelect(event.id, !selected);
            }}
          />
        )}
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => onOpen(event.id)}
          className="flex aspect-video w-24 shrink-0 items-center justify-center overflow-hidden rounded-md bg-sunken text-muted sm:w-32"
        >
          {event.thumbnailUrl ? (
            <img src={event.thumbnailUrl} alt="" className="h-full w-full object-cover" loading="lazy" />
          ) : (
            <KindIcon kind={event.kind} className="h-8 w-8" />
          )}
        </button>
        <div className="grid min-w-0 gap-1">
          <h3 id={titleId} className="min-w-0 text-base font-medium text-fg">
            <button
              type="button"
              className="rounded text-left underline-offset-2 hover:underline"
              onClick={() => onOpen(event.id)}
            >
              {kind}
              <span className="text-muted"> · {cameraName || t('events.workspace')}</span>
            </button>
          </h3>
          <p className="text-sm text-muted">
            <time dateTime={event.startAt}>{when}</time>
            {' · '}
            {event.endAt ? duration : t('events.ongoingFor', { duration })}
          </p>
          <EventBadges event={event} />
          {event.zones.length > 0 && (
            <p className="text-xs text-muted">{t('events.zonesList', { zones: event.zones.join(', ') })}</p>
          )}
          {event.acknowledgedAt && (
            <p className="text-xs text-muted" data-testid="event-acknowledged">
              {props.ackLabel}
            </p>
          )}
        </div>
      </div>
      {onAcknowledge && !event.acknowledgedAt && (
        <Button
          variant="secondary"
          className="self-start sm:self-center"
          busy={props.acknowledging}
          onClick={() => onAcknowledge(event.id)}
          aria-label={t('events.acknowledgeOne', { what: `${kind}, ${when}` })}
        >
          {t('events.acknowledge')}
        </Button>
      )}
    </li>
  );
}
