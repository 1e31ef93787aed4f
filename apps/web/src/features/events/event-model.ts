import { MOTION_POST_ROLL_SECONDS, MOTION_PRE_ROLL_SECONDS, type VigilEvent } from '@vigil/shared';

const HOUR_MS = 3600_000;

/**
 * The footage worth seeing for an event: a little before it starts to a little after it ends
 * (or after now while it lasts), at most one hour — the export limit, and plenty for a glance.
 */
export function clipRange(
  event: Pick<VigilEvent, 'startAt' | 'endAt'>,
  now = Date.now(),
): { from: string; to: string } {
  const start = Date.parse(event.startAt) - MOTION_PRE_ROLL_SECONDS * 1000;
  const end = (event.endAt ? Date.parse(event.endAt) : now) + MOTION_POST_ROLL_SECONDS * 1000;
  const to = Math.min(Math.max(end, start + 1000), start + HOUR_MS);
  return { from: new Date(start).toISOString(), to: new Date(to).toISOString() };
}

/** How long an event lasted (so far, while it lasts). */
export function durationMs(event: Pick<VigilEvent, 'startAt' | 'endAt'>, now = Date.now()): number {
  return Math.max(0, (event.endAt ? Date.parse(event.endAt) : now) - Date.parse(event.startAt));
}

/** "1 hr 5 min", "1 h 5 min", "42 sec", "42 s": units in the language, whole seconds. */
export function formatDuration(ms: number, locale: string): string {
  let s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  const unit = (value: number, u: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  const parts: string[] = [];
  if (h) parts.push(unit(h, 'hour'));
  if (m) parts.push(unit(m, 'minute'));
  if (s || parts.length === 0) parts.push(unit(s, 'second'));
  return parts.join(' ');
}

/** The day (YYYY-MM-DD) an instant falls on in `timeZone`: the recordings page's `day`. */
export function dayIn(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(new Date(iso));
  } catch {
    return new Date(iso).toISOString().slice(0, 10);
  }
}

/** Where the recordings page plays the event's footage (camera, day and zoom; `at` starts playback there). */
export function recordingsLink(event: Pick<VigilEvent, 'cameraId' | 'startAt'>, timeZone: string): string | null {
  if (!event.cameraId) return null;
  const q = new URLSearchParams({
    camera: event.cameraId,
    day: dayIn(event.startAt, timeZone),
    zoom: '1h',
    at: event.startAt,
  });
  return `/viewer/recordings?${q}`;
}

/** Kind-specific facts as an i18n key and its values; null when the kind has none to tell. */
export function detailText(
  event: Pick<VigilEvent, 'kind' | 'detail'>,
): { key: string; values: Record<string, string | number> } | null {
  const d = event.detail ?? {};
  switch (event.kind) {
    case 'motion':
    case 'camera.tamper': {
      // What the camera's own analytics saw (its ONVIF events); Vigil's own motion has nothing to add.
      if (d.source !== 'camera') return null;
      const what =
        d.label === 'line' || d.label === 'intrusion' ? d.label : event.kind === 'motion' ? 'motion' : 'tamper';
      return { key: `events.detail.camera.${what}`, values: {} };
    }
    case 'camera.offline':
      return typeof d.error === 'string' && d.error
        ? { key: 'events.detail.offline', values: { error: d.error } }
        : null;
    case 'recording.gap':
      return typeof d.seconds === 'number' ? { key: 'events.detail.gap', values: { seconds: d.seconds } } : null;
    case 'storage.pruned': {
      const reason = d.reason === 'maxRecordings' || d.reason === 'diskSpace' ? d.reason : 'maxStorage';
      return {
        key: `events.detail.pruned.${reason}`,
        values: {
          removed: typeof d.recordingsRemoved === 'number' ? d.recordingsRemoved : 0,
          limit: typeof d.limit === 'number' ? d.limit : 0,
          bytes: typeof d.bytesRemoved === 'number' ? d.bytesRemoved : 0,
        },
      };
    }
    default:
      return null;
  }
}

/** Events have footage only when they belong to a camera. */
export const hasClip = (event: Pick<VigilEvent, 'cameraId' | 'kind'>) =>
  !!event.cameraId && event.kind !== 'storage.pruned';
