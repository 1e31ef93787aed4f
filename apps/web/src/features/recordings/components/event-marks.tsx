import type { VigilEvent } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { type Day, percentOf } from '../time-model.ts';

/**
 * The day's events under the timeline: a mark at each start (a button: clicking plays from
 * there), and outages drawn as a band over the time the camera was offline.
 */
export function EventMarks(props: {
  view: Day;
  events: readonly VigilEvent[];
  time(ms: number): string;
  onPlay(ms: number): void;
}) {
  const { t } = useTranslation();
  const { view, events } = props;
  const shown = events.filter((e) => {
    const start = Date.parse(e.startAt);
    const end = e.endAt ? Date.parse(e.endAt) : Date.now();
    return end >= view.start && start <= view.end && e.cameraId;
  });
  if (shown.length === 0) return null;
  return (
    <div className="relative mt-1 h-5 w-full" data-testid="timeline-events">
      {shown
        .filter((e) => e.kind === 'camera.offline')
        .map((e) => {
          const start = Math.max(view.start, Date.parse(e.startAt));
          const end = Math.min(view.end, e.endAt ? Date.parse(e.endAt) : Date.now());
          return (
            <div
              key={`band-${e.id}`}
              aria-hidden="true"
              className="absolute inset-y-1 rounded-sm bg-danger/30"
              style={{
                left: `${percentOf(view, start)}%`,
                width: `max(2px, ${percentOf(view, end) - percentOf(view, start)}%)`,
              }}
            />
          );
        })}
      {shown.map((e) => {
        const start = Date.parse(e.startAt);
        if (start < view.start) return null;
        const label = t('recordings.eventMark', { kind: t(`recordings.kind.${e.kind}`), time: props.time(start) });
        return (
          <button
            key={e.id}
            type="button"
            title={label}
            aria-label={label}
            data-testid="timeline-event"
            onClick={() => props.onPlay(start)}
            className={cn(
              'absolute top-0 h-5 w-2.5 -translate-x-1/2 rounded-sm border border-surface focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary',
              e.severity === 'alert' ? 'bg-danger' : 'bg-warn-fg',
            )}
            style={{ left: `${percentOf(view, start)}%` }}
          />
        );
      })}
    </div>
  );
}
