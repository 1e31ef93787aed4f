/** datetime-local values ("YYYY-MM-DDTHH:mm[:ss]") read and written in the user's timezone (exports and events filters). */

function partsIn(ms: number, timeZone: string): number[] {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const get = (type: string) => Number(f.formatToParts(new Date(ms)).find((p) => p.type === type)?.value);
  return ['year', 'month', 'day', 'hour', 'minute', 'second'].map(get);
}

/** How far the zone's wall clock is ahead of UTC at instant `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const [y, mo, d, h, mi, s] = partsIn(ms, timeZone) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(ms / 1000) * 1000;
}

export function toLocalInput(ms: number, timeZone: string): string {
  const [y, mo, d, h, mi, s] = partsIn(ms, timeZone);
  const p = (n: number | undefined, w = 2) => String(n).padStart(w, '0');
  return `${p(y, 4)}-${p(mo)}-${p(d)}T${p(h)}:${p(mi)}:${p(s)}`;
}

/** The instant a wall-clock time of `timeZone` names; null when the value is not a datetime-local. */
export function fromLocalInput(value: string, timeZone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
  // Two passes settle the offset across a DST change.
  let ms = wall - offsetAt(wall, timeZone);
  ms = wall - offsetAt(ms, timeZone);
  return ms;
}

/** Today as "YYYY-MM-DD" on the wall clock of `timeZone` (en-CA formats dates that way); UTC if the zone is unknown. */
export function todayIn(timeZone: string, now: Date | number = Date.now()): string {
  const fmt = (tz: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return fmt(timeZone);
  } catch {
    return fmt('UTC');
  }
}
