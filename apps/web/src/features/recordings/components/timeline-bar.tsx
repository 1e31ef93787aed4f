import { formatClock } from '../../../lib/format.ts';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchThumbnail } from '../api.ts';
import {
  type Day,
  type Parsed,
  instantAt,
  keyStep,
  msPerPixel,
  percentOf,
  playableFrom,
  spanAt,
  ticksOf,
} from '../time-model.ts';

const THUMB_DEBOUNCE_MS = 250;
/** A pick this many pixels from footage plays it: a thin recording is hard to hit exactly. */
const SNAP_PX = 6;

export interface TimelineBarProps {
  cameraId: string;
  day: Day;
  /** The part of the day the bar shows (the zoom), inside `day`. */
  view: Day;
  spans: readonly Parsed[];
  /** The slider's value: the playing (or chosen) instant. */
  value: number;
  timeZone: string;
  /**
   * The viewer chose an instant: play from there. `snapMs` is how close to footage counts as
   * on it (a few pixels at this zoom); `exact` marks keyboard steps, which must not snap.
   */
  onPick(ms: number, options: { exact?: boolean; snapMs: number }): void;
}

/**
 * The shown part of the day (`view`, the zoom) as a bar: recorded spans drawn over the gaps.
 * It is also the slider that picks the moment to play, for the mouse, touch and keyboard alike;
 * its value runs over the whole day.
 */
export function TimelineBar({ cameraId, day, view, spans, value, timeZone, onPick }: TimelineBarProps) {
  const { t, i18n } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  // The bar's width at the last pointer event: the snap distance is pixels, so milliseconds depend on it.
  const width = useRef(1000);
  const snapMs = msPerPixel(view, width.current) * SNAP_PX;
  const [drag, setDrag] = useState<number | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [thumb, setThumb] = useState<{ at: number; url: string | null } | null>(null);
  const shown = drag ?? value;
  const time = (ms: number) => formatClock(ms, timeZone, i18n.language);
  const preview = drag ?? hover;
  const near = preview === null ? null : playableFrom(spans, preview, snapMs);
  const thumbAt = near !== null && preview !== null && Math.abs(near - preview) <= snapMs ? near : null;

  // Thumbnails follow the pointer only once it rests: each one is an ffmpeg frame grab.
  useEffect(() => {
    if (thumbAt === null) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetchThumbnail(cameraId, thumbAt, abort.signal)
        .then((url) =>
          setThumb((old) => {
            if (old?.url) URL.revokeObjectURL(old.url);
            return { at: thumbAt, url };
          }),
        )
        .catch(() => {});
    }, THUMB_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [cameraId, thumbAt]);

  const at = (e: PointerEvent<HTMLDivElement>) => {
    const rect = bar.current!.getBoundingClientRect();
    width.current = rect.width;
    return instantAt(view, e.clientX - rect.left, rect.width);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onPick(shown, { snapMs: 0 });
      return;
    }
    const next = keyStep(e.key, shown, day);
    if (next === null) return;
    e.preventDefault();
    onPick(next, { exact: true, snapMs: 0 });
  };

  const recorded = !!spanAt(spans, shown);
  const showThumb = thumbAt !== null && thumb?.url && Math.abs(thumb.at - thumbAt) < 60_000;
  return (
    <div className="relative select-none pt-2">
      {preview !== null && (
        <div
          className="pointer-events-none absolute top-14 z-10 mt-2 -translate-x-1/2 rounded-md border border-line bg-surface p-1 text-center text-xs shadow"
          style={{ left: `clamp(4rem, ${percentOf(view, preview)}%, calc(100% - 4rem))` }}
          aria-hidden="true"
        >
          {showThumb && (
            <img src={thumb.url!} alt="" className="mb-1 h-auto w-40 rounded" data-testid="timeline-thumb" />
          )}
          <span className="tabular-nums">{time(preview)}</span>
        </div>
      )}
      <div
        ref={bar}
        role="slider"
        tabIndex={0}
        aria-label={t('recordings.timeline')}
        aria-describedby="timeline-help"
        aria-valuemin={0}
        aria-valuemax={Math.round((day.end - day.start) / 1000)}
        aria-valuenow={Math.round((shown - day.start) / 1000)}
        aria-valuetext={`${time(shown)}, ${recorded ? t('recordings.recorded') : t('recordings.gap')}`}
        data-testid="timeline"
        className="relative h-12 w-full cursor-pointer touch-none overflow-hidden rounded-md border border-line bg-sunken focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        onKeyDown={onKeyDown}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          setDrag(at(e));
        }}
        onPointerMove={(e) => {
          if (drag !== null) setDrag(at(e));
          else if (e.pointerType === 'mouse') setHover(at(e));
        }}
        onPointerUp={(e) => {
          if (drag === null) return;
          const ms = at(e);
          setDrag(null);
          onPick(ms, { snapMs: msPerPixel(view, width.current) * SNAP_PX });
        }}
        onPointerCancel={() => setDrag(null)}
        onPointerLeave={() => setHover(null)}
      >
        {spans
          .filter((s) => s.end > view.start && s.start < view.end)
          .map((s) => (
            <div
              key={s.start}
              className="absolute inset-y-0 bg-primary"
              style={{
                left: `${percentOf(view, s.start)}%`,
                width: `max(2px, ${percentOf(view, s.end) - percentOf(view, s.start)}%)`,
              }}
              data-testid="timeline-span"
            />
          ))}
        {shown >= view.start && shown <= view.end && (
          <div
            className="absolute inset-y-0 w-0.5 bg-danger"
            style={{ left: `${percentOf(view, shown)}%` }}
            aria-hidden="true"
            data-testid="timeline-playhead"
          />
        )}
      </div>
      <div className="mt-1 flex justify-between text-xs text-muted tabular-nums" aria-hidden="true">
        {ticksOf(view).map((ms, i) => (
          // The day's end is 24:00, not the next day's 00:00.
          <span key={ms}>
            {i > 0 && ms === day.end ? '24:00' : formatClock(ms, timeZone, i18n.language, { seconds: false })}
          </span>
        ))}
      </div>
      <p id="timeline-help" className="sr-only">
        {t('recordings.timelineHelp')}
      </p>
    </div>
  );
}
