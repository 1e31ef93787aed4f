import type { Camera } from '@vigil/shared';
import { formatClock, formatDateTime } from '../../lib/format.ts';

/** Arm or disarm by hand for these many minutes (1 h, 4 h, 24 h); then the schedule again. */
export const ARM_DURATIONS = [60, 240, 1440] as const;

export interface ArmingBadge {
  key:
    | 'cameras.arming.armed'
    | 'cameras.arming.disarmed'
    | 'cameras.arming.armedUntil'
    | 'cameras.arming.disarmedUntil';
  /** When it changes, in the user's zone: a time today, else a date and time. */
  when?: string;
  /** Set by hand rather than by the schedule. */
  manual: boolean;
}

function dayIn(ms: number, timeZone: string): string {
  const opts = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  try {
    return new Intl.DateTimeFormat('en-CA', { ...opts, timeZone }).format(ms);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { ...opts, timeZone: 'UTC' }).format(ms);
  }
}

/** "18:00" today, a date with the time on any other day. */
export function formatUntil(iso: string, now: number, timeZone: string, locale: string): string {
  const ms = Date.parse(iso);
  return dayIn(ms, timeZone) === dayIn(now, timeZone)
    ? formatClock(ms, timeZone, locale, { seconds: false })
    : formatDateTime(iso, timeZone, locale);
}

export function armingBadge(
  camera: Pick<Camera, 'armed' | 'armedUntil' | 'armOverride'>,
  now: number,
  timeZone: string,
  locale: string,
): ArmingBadge {
  const manual = camera.armOverride !== null;
  const until = camera.armedUntil && Date.parse(camera.armedUntil) > now ? camera.armedUntil : null;
  if (!until) return { key: camera.armed ? 'cameras.arming.armed' : 'cameras.arming.disarmed', manual };
  return {
    key: camera.armed ? 'cameras.arming.armedUntil' : 'cameras.arming.disarmedUntil',
    when: formatUntil(until, now, timeZone, locale),
    manual,
  };
}

/** setTimeout takes at most 2^31 − 1 ms; re-checking every few hours costs nothing. */
const MAX_WAIT_MS = 6 * 3600_000;

/**
 * Milliseconds until the first camera's arming changes (its armedUntil or hand override ends),
 * plus a second for the server to have moved on; null when nothing is foreseen.
 */
export function nextArmingChange(
  cameras: readonly Pick<Camera, 'armedUntil' | 'armOverride'>[],
  now: number,
): number | null {
  let next = Number.POSITIVE_INFINITY;
  for (const c of cameras)
    for (const iso of [c.armedUntil, c.armOverride?.until]) {
      const at = iso ? Date.parse(iso) : Number.NaN;
      if (at > now && at < next) next = at;
    }
  return Number.isFinite(next) ? Math.min(MAX_WAIT_MS, next - now + 1000) : null;
}
