import type { TimeSpan } from '@vigil/shared';

/** Pure helpers of the recordings page: the day in the user's zone, and positions on the day bar. */

/** Keyboard steps of the timeline slider, in seconds. */
export const STEP_SMALL_S = 10;
export const STEP_LARGE_S = 600;

export function isDay(value: string | null | undefined): value is string {
  return !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

export interface Day {
  start: number;
  end: number;
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** 0–100 % position of an instant on the day bar. */
export const percentOf = (day: Day, ms: number) => clamp(((ms - day.start) / (day.end - day.start)) * 100, 0, 100);

/** The instant under a pointer at `x` px on a bar `width` px wide, whole seconds. */
export function instantAt(day: Day, x: number, width: number): number {
  const ratio = width > 0 ? clamp(x / width, 0, 1) : 0;
  return Math.round((day.start + ratio * (day.end - day.start)) / 1000) * 1000;
}

/** Zoom levels of the timeline: how much of the day the bar shows. */
export const ZOOMS = ['24h', '6h', '1h', '10m'] as const;
export type Zoom = (typeof ZOOMS)[number];
export const ZOOM_MS: Record<Zoom, number> = {
  '24h': 24 * 3600_000,
  '6h': 6 * 3600_000,
  '1h': 3600_000,
  '10m': 600_000,
};

export const readZoom = (value: string | null | undefined): Zoom =>
  (ZOOMS as readonly string[]).includes(value ?? '') ? (value as Zoom) : '24h';

/** The part of the day the bar shows: `zoom` wide, centred on `at`, kept inside the day. */
export function windowAround(day: Day, zoom: Zoom, at: number): Day {
  const width = Math.min(ZOOM_MS[zoom], day.end - day.start);
  // On a whole minute, so the tick labels (hours and minutes) name the instants they mark.
  const start = clamp(Math.round((at - width / 2) / 60_000) * 60_000, day.start, day.end - width);
  return { start, end: start + width };
}

/**
 * Where a zoomed-in window opens when nothing is picked: on today, the window ends just after now;
 * on another day, just after its latest footage (else at the day's start) — never at noon, the
 * middle of a whole-day bar, where there may be nothing to see. Returns the centre for windowAround.
 */
export function openingCentre(day: Day, zoom: Zoom, now: number, latestFootage: number | undefined): number {
  const width = Math.min(ZOOM_MS[zoom], day.end - day.start);
  const anchor = now >= day.start && now < day.end ? now : latestFootage;
  // A minute of room after the anchor, so "now" (or the last recorded second) is inside the window.
  return anchor === undefined ? day.start : anchor - width / 2 + 60_000;
}

/** The window moved half its width earlier (-1) or later (+1), kept inside the day. */
export function panWindow(day: Day, win: Day, direction: -1 | 1): Day {
  const width = win.end - win.start;
  const start = clamp(win.start + (direction * width) / 2, day.start, day.end - width);
  return { start, end: start + width };
}

/** Milliseconds one pixel of a bar `width` px wide stands for in the window. */
export const msPerPixel = (win: Day, width: number) => (win.end - win.start) / Math.max(1, width);

/**
 * Instants to label the bar with, evenly spaced, both ends included: quarters of the window,
 * or fifths of a 10-minute one so that every label falls on a whole minute.
 */
export function ticksOf(win: Day): number[] {
  const count = (win.end - win.start) % (4 * 60_000) === 0 ? 5 : 6;
  return Array.from({ length: count }, (_, i) => win.start + Math.round(((win.end - win.start) * i) / (count - 1)));
}

export interface Parsed {
  start: number;
  end: number;
}

export const parseSpans = (spans: readonly TimeSpan[]): Parsed[] =>
  spans.map((s) => ({ start: Date.parse(s.start), end: Date.parse(s.end) }));

export const spanAt = (spans: readonly Parsed[], ms: number) => spans.find((s) => ms >= s.start && ms < s.end);

/**
 * Where playback should start for a pick at `ms`: inside footage, right there; near a span
 * (within `snapMs`, about a few pixels of the bar, where a pixel is a minute) its start; in a
 * gap, the start of the next span (nobody wants to watch nothing); after the last, null.
 */
export function playableFrom(spans: readonly Parsed[], ms: number, snapMs = 0): number | null {
  if (spanAt(spans, ms)) return ms;
  const near = spans.find((s) => ms >= s.start - snapMs && ms < s.end + snapMs);
  if (near) return near.start;
  return spans.find((s) => s.start > ms)?.start ?? null;
}

/** A pick that lands where nothing was recorded: when, and when footage starts again (null: not this day). */
export interface Gap {
  at: number;
  next: number | null;
}

/**
 * Whether a pick at `ms` lands in a gap. Within `snapMs` of footage (a few pixels of the bar)
 * counts as footage: the pick plays it (playableFrom). Otherwise the person is told, not
 * silently sent to another recording.
 */
export function gapAt(spans: readonly Parsed[], ms: number, snapMs = 0): Gap | null {
  if (spans.some((s) => ms >= s.start - snapMs && ms < s.end + snapMs)) return null;
  return { at: ms, next: spans.find((s) => s.start > ms)?.start ?? null };
}

/** New slider value for a key, or null when the key is not the slider's. */
export function keyStep(key: string, value: number, day: Day): number | null {
  const steps: Record<string, number> = {
    ArrowRight: STEP_SMALL_S,
    ArrowUp: STEP_SMALL_S,
    ArrowLeft: -STEP_SMALL_S,
    ArrowDown: -STEP_SMALL_S,
    PageUp: STEP_LARGE_S,
    PageDown: -STEP_LARGE_S,
  };
  if (key === 'Home') return day.start;
  if (key === 'End') return day.end - 1000;
  const step = steps[key];
  return step === undefined ? null : clamp(value + step * 1000, day.start, day.end - 1000);
}
