/**
 * Wall-clock maths in an IANA time zone on the runtime's own zone database (Intl), with no
 * library: the instant → wall clock read, the UTC offset, and a wall time → instant across DST.
 * Measured against the Temporal polyfills in docs/decisions/0013-time-zone-maths.md.
 * A "wall" value is the zone's wall clock as milliseconds read as if it were UTC.
 */

/** Whether the runtime knows the IANA zone `tz`. */
export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

// Creating an Intl.DateTimeFormat costs far more than using one, and camera lists ask per camera.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

// "3/29/2026, 02:30:00" from the en-US formatter; format() is several times faster than formatToParts().
const EN_US = /^(\d+)\/(\d+)\/(\d+),? (\d+):(\d+):(\d+)$/;

/** The wall clock in `timeZone` at instant `t` (seconds precision); throws on an unknown zone. */
export function wallClock(timeZone: string, t: number): number {
  const f = formatterFor(timeZone);
  const m = EN_US.exec(f.format(t));
  if (m) return Date.UTC(+m[3]!, +m[1]! - 1, +m[2]!, +m[4]!, +m[5]!, +m[6]!);
  // Should a runtime lay the date out differently, read it part by part.
  const parts = f.formatToParts(t);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** UTC offset (ms, east positive) in effect at instant `t`. */
export function offsetAt(timeZone: string, t: number): number {
  return wallClock(timeZone, t) - Math.floor(t / 1000) * 1000;
}

/**
 * The instant at which the zone's wall clock reads `wall`. Two passes settle the offset across a
 * DST change; a wall time the spring-forward gap skips lands after the gap.
 */
export function instantOfWall(timeZone: string, wall: number): number {
  const t = wall - offsetAt(timeZone, wall);
  return wall - offsetAt(timeZone, t);
}

/** The zone's calendar date at instant `t`, with its weekday (0 = Monday). */
export function dateIn(timeZone: string, t: number): { y: number; m: number; d: number; weekday: number } {
  const wall = new Date(wallClock(timeZone, t));
  return {
    y: wall.getUTCFullYear(),
    m: wall.getUTCMonth() + 1,
    d: wall.getUTCDate(),
    weekday: (wall.getUTCDay() + 6) % 7,
  };
}
