import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { formatClock } from '../../../lib/format.ts';
import { type Day, ZOOMS, type Zoom } from '../time-model.ts';

export interface TimelineZoomProps {
  zoom: Zoom;
  day: Day;
  view: Day;
  timeZone: string;
  onZoom(zoom: Zoom): void;
  onPan(direction: -1 | 1): void;
}

/** How much of the day the bar shows (a segmented control), and moving that window along the day. */
export function TimelineZoom({ zoom, day, view, timeZone, onZoom, onPan }: TimelineZoomProps) {
  const { t, i18n } = useTranslation();
  const time = (ms: number) =>
    ms === day.end ? '24:00' : formatClock(ms, timeZone, i18n.language, { seconds: false });
  return (
    <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
      {/* biome-ignore lint/a11y/useSemanticElements: a segmented control of toggle buttons, not a form fieldset. */}
      <div role="group" aria-label={t('recordings.zoom')} className="flex gap-1">
        {ZOOMS.map((z) => (
          <Button
            key={z}
            variant={zoom === z ? 'primary' : 'secondary'}
            aria-pressed={zoom === z}
            className="px-3"
            onClick={() => onZoom(z)}
          >
            {t(`recordings.zoom.${z}`)}
          </Button>
        ))}
      </div>
      {zoom !== '24h' && (
        <div className="flex items-center gap-2">
          <Button variant="secondary" className="px-3" disabled={view.start <= day.start} onClick={() => onPan(-1)}>
            {t('recordings.earlier')}
          </Button>
          <span className="text-sm text-muted tabular-nums" data-testid="timeline-window">
            {t('recordings.range', { start: time(view.start), end: time(view.end) })}
          </span>
          <Button variant="secondary" className="px-3" disabled={view.end >= day.end} onClick={() => onPan(1)}>
            {t('recordings.later')}
          </Button>
        </div>
      )}
    </div>
  );
}
