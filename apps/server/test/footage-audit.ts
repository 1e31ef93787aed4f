import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What a camera's footage looks like after a fault, read from the segment index and the folder:
 * the holes in it, the segments shown twice, and whether the index and the disk agree. Shared by
 * the outage and partition tests (a server's database or the test's own), so the rows are read
 * with plain SQL through anything that has `query` (a pg client or pool).
 */
export interface Queryable {
  query<R extends object = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

export interface IndexedSegment {
  path: string;
  startAt: Date;
  endAt: Date;
  store: string;
  /** A second copy of footage another recorder indexed first (false before the column exists). */
  copy: boolean;
  recordingId: string | null;
}

/** Footage within this of the next segment counts as continuous: the contract's tolerance. */
export const CONTINUITY_MS = 2000;

/** Every indexed segment of a camera, copies included, in time order. */
export async function indexedSegments(q: Queryable, cameraId: string): Promise<IndexedSegment[]> {
  // `s.*` rather than naming `copy`: the same helper reads a database from before the column.
  const { rows } = await q.query<Record<string, unknown>>(
    'select s.* from segments s where s.camera_id = $1 order by s.start_at, s.end_at',
    [cameraId],
  );
  return rows.map((r) => ({
    path: String(r.path),
    startAt: new Date(r.start_at as string),
    endAt: new Date(r.end_at as string),
    store: String(r.store ?? 'local'),
    copy: r.copy === true,
    recordingId: (r.recording_id as string | null) ?? null,
  }));
}

const hhmmss = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/**
 * Stretches of [from, to) no segment covers for more than `toleranceMs`, as readable strings
 * ("22:41:07–22:42:09 (62 s)") so a failing test names the seconds that are missing.
 */
export function holes(
  segments: readonly { startAt: Date; endAt: Date }[],
  from: Date,
  to: Date,
  toleranceMs = CONTINUITY_MS,
): string[] {
  const found: string[] = [];
  let covered = from.getTime();
  const sorted = [...segments].sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  for (const s of sorted) {
    if (s.endAt.getTime() <= covered) continue;
    if (s.startAt.getTime() >= to.getTime()) break;
    if (s.startAt.getTime() - covered > toleranceMs) found.push(span(covered, s.startAt.getTime()));
    covered = Math.max(covered, s.endAt.getTime());
  }
  if (to.getTime() - covered > toleranceMs) found.push(span(covered, to.getTime()));
  return found;
}

const span = (a: number, b: number) => `${hhmmss(a)}–${hhmmss(b)} (${Math.round((b - a) / 1000)} s)`;

/** One line per segment, "22:41:07.120–22:41:09.120 <file> copy", for failure messages. */
export function listing(segments: readonly { startAt: Date; endAt: Date; path: string; copy?: boolean }[]): string {
  const t = (d: Date) => d.toISOString().slice(11, 23);
  return segments
    .map((s) => `${t(s.startAt)}–${t(s.endAt)} ${path.basename(s.path)}${s.copy ? ' copy' : ''}`)
    .join('\n');
}

/** Pairs of segments that play the same seconds (by more than `toleranceMs`): footage shown twice. */
export function overlapsOf(
  segments: readonly { startAt: Date; endAt: Date; path?: string }[],
  toleranceMs = CONTINUITY_MS,
): string[] {
  const found: string[] = [];
  for (let i = 0; i < segments.length; i++)
    for (let j = i + 1; j < segments.length; j++) {
      const a = segments[i]!;
      const b = segments[j]!;
      const shared =
        Math.min(a.endAt.getTime(), b.endAt.getTime()) - Math.max(a.startAt.getTime(), b.startAt.getTime());
      if (shared > toleranceMs)
        found.push(
          `${a.path ?? hhmmss(a.startAt.getTime())} and ${b.path ?? hhmmss(b.startAt.getTime())}: ${shared} ms`,
        );
    }
  return found;
}

/** Seconds of [from, to) covered by at least one segment (overlaps counted once). */
export function coveredSeconds(segments: readonly { startAt: Date; endAt: Date }[], from: Date, to: Date): number {
  let covered = 0;
  let until = from.getTime();
  for (const s of [...segments].sort((a, b) => a.startAt.getTime() - b.startAt.getTime())) {
    const start = Math.max(s.startAt.getTime(), until);
    const end = Math.min(s.endAt.getTime(), to.getTime());
    if (end > start) covered += end - start;
    until = Math.max(until, Math.min(s.endAt.getTime(), to.getTime()));
  }
  return covered / 1000;
}

/** The .mp4 files of a camera's segment folder, by name. */
export function segmentFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.mp4'))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Watches a segment folder (a poll every 250 ms) for files that appear and later vanish: footage a
 * writer made and something deleted, which an index-versus-disk check at the end cannot see.
 */
export function watchFolder(dir: string) {
  const seen = new Map<string, { firstAt: number; bytes: number }>();
  const timer = setInterval(() => {
    for (const f of segmentFiles(dir)) {
      let bytes = 0;
      try {
        bytes = statSync(path.join(dir, f)).size;
      } catch {
        continue;
      }
      const entry = seen.get(f);
      if (entry) entry.bytes = bytes;
      else seen.set(f, { firstAt: Date.now(), bytes });
    }
  }, 250);
  return {
    /** Files seen at some point that are gone now, with when they appeared and their last size. */
    vanished: () => {
      const now = new Set(segmentFiles(dir));
      return [...seen]
        .filter(([f]) => !now.has(f))
        .map(([f, e]) => `${f} (seen ${new Date(e.firstAt).toISOString().slice(11, 23)}, ${e.bytes} bytes)`);
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * Where the index and the disk disagree for one camera folder: files nobody indexed, and
 * indexed local paths whose file is gone. `open` names files still being written (a running
 * ffmpeg's current segment), which the index cannot hold yet.
 */
export function indexVersusDisk(
  mediaRoot: string,
  dir: string,
  segments: readonly IndexedSegment[],
  open: readonly string[] = [],
): { unindexed: string[]; missing: string[] } {
  const indexed = new Set(segments.map((s) => path.basename(s.path)));
  const unindexed = segmentFiles(dir).filter((f) => !indexed.has(f) && !open.includes(f));
  const missing = segments
    .filter((s) => s.store === 'local' && !existsSync(path.join(mediaRoot, s.path)))
    .map((s) => s.path);
  return { unindexed, missing };
}

/**
 * The entries of an HLS VOD playlist (what playback plays): each segment's start and end from
 * its EXT-X-PROGRAM-DATE-TIME and EXTINF, and its URI.
 */
export function playlistEntries(m3u8: string): { startAt: Date; endAt: Date; path: string }[] {
  const entries: { startAt: Date; endAt: Date; path: string }[] = [];
  let start: Date | undefined;
  let seconds = 0;
  for (const line of m3u8.split('\n')) {
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) start = new Date(line.slice(25));
    else if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#') && start) {
      entries.push({ startAt: start, endAt: new Date(start.getTime() + seconds * 1000), path: line });
      start = undefined;
    }
  }
  return entries;
}
