import { type FSWatcher, watch } from 'node:fs';
import { readdir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@vigil/db';
import { recordSegmentIndexed } from '../lib/metrics.ts';
import { summarizeFragmentedMp4 } from './mp4-boxes.ts';
import { isSegmentName, relativeSegmentPath, segmentStart, writerOf } from './paths.ts';
import { insertSegment } from './camera-writes.ts';
import type { WriteFence } from './video.repo.ts';
import { readVideoCodec, type VideoCodec } from './video-codec.ts';

/**
 * Indexes a camera's segments as ffmpeg completes them. ffmpeg only opens segment N+1 after
 * closing N, so every file but the newest is complete; the newest is complete once ffmpeg has
 * exited (flush(true)). fs.watch gives promptness, a poll covers the events it can drop.
 */
export interface SegmentIndexerOptions {
  db: Db;
  fence?: () => WriteFence;
  cameraId: string;
  workspaceId: string;
  dir: string;
  kind: 'continuous' | 'motion';
  log(msg: string): void;
  pollMs?: number;
  /**
   * The tag in the names of the files this camera's ffmpeg writes (paths.ts writerOf; '' = none).
   * Only those are this indexer's to follow; files of other writers in the folder are a former
   * writer's (see `formerQuietMs`).
   */
  writer?: string;
  /**
   * A former writer's file unchanged for this long is finished (its writer stopped, died, or is
   * cut off from the database): the poll indexes it as that writer's footage (30 s).
   */
  formerQuietMs?: number;
  /** Called after each segment is indexed (tests, metrics). */
  onIndexed?(file: string): void;
  /** Motion mode: which complete segments to index, delete, or keep on disk undecided for now. */
  gate?: SegmentGate;
  /**
   * Where finished segments go: unset = indexed in place (the media folder is the store); the S3
   * uploader (segment-upload.ts) queues them, uploads, then indexes them as 's3'.
   */
  sink?: SegmentSink;
}

/** Takes a finished, readable segment file; `indexed` runs once its index row exists. */
export interface SegmentSink {
  take(cam: CameraRef, dir: string, seg: SegmentFacts, indexed: () => void): Promise<void>;
}

export interface SegmentGate {
  /**
   * keep → index it; drop → delete the file; wait → ask again at the next scan (later files wait
   * too, so recordings are still built in time order). `final`: the camera is stopping.
   */
  decide(span: { start: Date; end: Date }, final: boolean): 'keep' | 'drop' | 'wait';
}

export interface IndexResult {
  indexed: boolean;
  /** The file held no complete fragment and was deleted. */
  deleted?: boolean;
}

/** A finished segment file as the index needs it. */
export interface SegmentFacts {
  file: string;
  span: { start: Date; end: Date };
  bytes: number;
  initBytes: number;
  /** The video's codec, from the file's own init (avcC/hvcC); undefined when it has none. */
  codec?: VideoCodec;
}

export type CameraRef = {
  cameraId: string;
  workspaceId: string;
  kind: 'continuous' | 'motion';
  /** The recorder's lease on the camera at the moment of the write (see WriteFence). */
  fence?: () => WriteFence;
};

/** Reads one finished file; undefined when it is not a segment, or holds no complete fragment. */
export async function readSegmentFile(dir: string, file: string, next?: string): Promise<SegmentFacts | undefined> {
  const start = segmentStart(file);
  if (!start) return undefined;
  const full = path.join(dir, file);
  const [buf, info] = await Promise.all([readFile(full).catch(() => undefined), stat(full).catch(() => undefined)]);
  const summary = buf ? summarizeFragmentedMp4(buf) : undefined;
  if (!buf || !summary || summary.fragments === 0) return undefined;
  const durationMs = Math.round(summary.durationSec * 1000);
  const span = segmentSpan(start, durationMs, next ? segmentStart(next) : undefined, info?.mtime);
  const codec = readVideoCodec(buf.subarray(0, summary.initBytes));
  return { file, span, bytes: buf.length, initBytes: summary.initBytes, codec };
}

/**
 * Inserts a read segment into the index; `store` says where its bytes are ('s3': uploaded
 * already). The insert names the camera's lease (cam.fence) unless the caller checked it already.
 */
export function insertFacts(
  db: Db,
  cam: CameraRef,
  seg: SegmentFacts,
  store: 'local' | 's3' = 'local',
): Promise<boolean> {
  return insertSegment(
    db,
    {
      cameraId: cam.cameraId,
      workspaceId: cam.workspaceId,
      kind: cam.kind,
      startAt: seg.span.start,
      endAt: seg.span.end,
      bytes: seg.bytes,
      path: relativeSegmentPath(cam.workspaceId, cam.cameraId, seg.file),
      initBytes: seg.initBytes,
      codec: seg.codec?.codecString ?? null,
      profile: seg.codec?.profile ?? null,
      level: seg.codec?.level ?? null,
      store,
    },
    cam.fence?.(),
  );
}

/** Reads one finished file and inserts it into the index (and its recording). */
export async function indexSegmentFile(
  db: Db,
  cam: CameraRef,
  dir: string,
  file: string,
  opts: { deleteUnreadable?: boolean; next?: string } = {},
): Promise<IndexResult> {
  if (!segmentStart(file)) return { indexed: false };
  const seg = await readSegmentFile(dir, file, opts.next);
  if (!seg) {
    // Empty or unreadable (ffmpeg stopped right after opening it): nothing to play, so it goes.
    if (opts.deleteUnreadable === false) return { indexed: false };
    await unlink(path.join(dir, file)).catch(() => {});
    return { indexed: false, deleted: true };
  }
  return { indexed: await insertFacts(db, cam, seg) };
}

/**
 * The wall-clock span of a segment. Packets are stamped on arrival, so a file's duration is the
 * time it covers, and its last write (each fragment is flushed as it closes; the last when the
 * next file opens) is when that time ended: the span is [written − duration, written], to the
 * millisecond, for a run's first file (which holds the packets buffered while probing) as for the
 * rest. A file whose last write does not fit its name (copied, restored, touched later) falls back
 * to the names: the file name is the second ffmpeg opened it, and a successor of the same run was
 * opened when its last packet had arrived; both the name and "successor − duration" are at or
 * before the true start, so the later is the closer, and a run still tiles without overlap.
 */
export function segmentSpan(
  named: Date,
  durationMs: number,
  next?: Date,
  writtenAt?: Date,
): { start: Date; end: Date } {
  const nominalEnd = named.getTime() + durationMs;
  if (writtenAt && Math.abs(writtenAt.getTime() - nominalEnd) <= 3000)
    return { start: new Date(writtenAt.getTime() - durationMs), end: writtenAt };
  const gap = next ? next.getTime() - nominalEnd : Number.POSITIVE_INFINITY;
  if (next && Math.abs(gap) <= 3000)
    return { start: new Date(Math.max(named.getTime(), next.getTime() - durationMs)), end: next };
  return { start: named, end: new Date(nominalEnd) };
}

export async function listSegmentFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  // The names are fixed-width UTC timestamps, so lexical order is time order.
  return names.filter(isSegmentName).sort();
}

/** The file after `i` written by the same writer (its successor, which bounds its span). */
export function nextOfWriter(files: readonly string[], i: number): string | undefined {
  const writer = writerOf(files[i]!);
  for (let j = i + 1; j < files.length; j++) if (writerOf(files[j]!) === writer) return files[j];
  return undefined;
}

export const FORMER_QUIET_MS = 30_000;

export class SegmentIndexer {
  private watcher: FSWatcher | undefined;
  private poll: NodeJS.Timeout | undefined;
  private done = new Set<string>();
  /** Undecided files of a gated (motion) camera, read once: key file + its successor. */
  private read = new Map<string, SegmentFacts>();
  /** Files a gated camera takes without asking the gate (reconcile's "keep when in doubt"). */
  private ungated = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private readonly sink: SegmentSink;
  /** The folder's mtime when a scan last went through it all: unchanged, no file came or went since. */
  private scannedMtime = -1;
  /** The last scan stopped at a file the gate waits on: the next poll asks again. */
  private waiting = false;

  constructor(private readonly opts: SegmentIndexerOptions) {
    this.sink = opts.sink ?? {
      take: async (cam, _dir, seg, indexed) => {
        if (await insertFacts(opts.db, cam, seg)) indexed();
      },
    };
  }

  /** Files already indexed (by reconcile) are not read again. */
  markIndexed(files: Iterable<string>): void {
    for (const f of files) this.done.add(f);
  }

  /** Files to take as they are, even on a motion camera (reconcile found too many to drop). */
  keepUngated(files: Iterable<string>): void {
    for (const f of files) this.ungated.add(f);
  }

  start(): void {
    try {
      // Only a new file ('rename') can complete a segment: ffmpeg opens N+1 after closing N. Every
      // write to the open file is a 'change' event, and scanning on each cost more than recording.
      this.watcher = watch(this.opts.dir, (event) => {
        if (event === 'rename') void this.flush(false);
      });
      this.watcher.on('error', () => {});
    } catch (e) {
      this.opts.log(`cannot watch ${this.opts.dir}: ${(e as Error).message}; polling only`);
    }
    // A former writer that may still write (formerQuietMs not 0) can leave more files later; one
    // known stopped left all it will, and the runner's first formerFiles() took them.
    const formerMayWrite = this.opts.formerQuietMs !== 0;
    this.poll = setInterval(() => {
      void this.pollOnce();
      if (formerMayWrite) void this.formerFiles();
    }, this.opts.pollMs ?? 5000);
  }

  /**
   * The poll only catches what fs.watch dropped: a folder whose mtime has not moved since the last
   * full scan has no new file, so a stat stands in for listing it (it holds a file per segment the
   * camera keeps: thousands).
   */
  private async pollOnce(): Promise<void> {
    if (!this.waiting) {
      const st = await stat(this.opts.dir).catch(() => undefined);
      if (st && st.mtimeMs === this.scannedMtime) return;
    }
    await this.flush(false);
  }

  /**
   * Files another writer left in the folder and nobody indexed: a recorder that had this camera
   * before and was cut off from the database (or died) while this one took over. Once unchanged
   * for formerQuietMs they are indexed as a former writer's footage (copies where they overlap).
   * Tried once each: a path already indexed is simply skipped by the insert.
   */
  formerFiles(): Promise<void> {
    this.queue = this.queue.then(() => this.indexFormer()).catch((e) => this.opts.log(`indexing: ${e}`));
    return this.queue;
  }

  private async indexFormer(): Promise<void> {
    const mine = this.opts.writer ?? '';
    const files = await listSegmentFiles(this.opts.dir);
    const quietBefore = Date.now() - (this.opts.formerQuietMs ?? FORMER_QUIET_MS);
    const former = { ...this.opts, fence: () => null };
    for (const [i, file] of files.entries()) {
      if (this.done.has(file) || writerOf(file) === mine) continue;
      const st = await stat(path.join(this.opts.dir, file)).catch(() => undefined);
      if (!st || st.mtimeMs > quietBefore) continue;
      const seg = await readSegmentFile(this.opts.dir, file, nextOfWriter(files, i));
      if (seg)
        await this.sink.take(former, this.opts.dir, seg, () => {
          this.opts.log(`indexed ${file}, left by a former writer of camera ${this.opts.cameraId}`);
          this.opts.onIndexed?.(seg.file);
        });
      this.done.add(file);
    }
  }

  /**
   * Indexes every complete file; with includeNewest, the newest too (ffmpeg has exited). `final`
   * (the camera stops) makes a gate decide every file it would still wait for.
   */
  flush(includeNewest: boolean, final = false): Promise<void> {
    this.queue = this.queue.then(() => this.scan(includeNewest, final)).catch((e) => this.opts.log(`indexing: ${e}`));
    return this.queue;
  }

  private async scan(includeNewest: boolean, final: boolean): Promise<void> {
    // Only this camera's own ffmpeg's files: "all but the newest are complete" holds per writer.
    const mine = this.opts.writer ?? '';
    // Taken before the listing: a file that comes after it moves the mtime again.
    const before = await stat(this.opts.dir).catch(() => undefined);
    const files = (await listSegmentFiles(this.opts.dir)).filter((f) => writerOf(f) === mine);
    const complete = includeNewest ? files : files.slice(0, -1);
    this.waiting = false;
    for (const [i, file] of complete.entries()) {
      if (this.done.has(file)) continue;
      if (this.opts.gate && !this.ungated.has(file)) {
        if ((await this.gated(file, files[i + 1], final)) === 'wait') {
          this.waiting = true;
          return;
        }
        continue;
      }
      const seg = await readSegmentFile(this.opts.dir, file, files[i + 1]);
      // Empty or unreadable (ffmpeg stopped right after opening it): nothing to play, so it goes.
      if (seg) await this.take(seg);
      else await unlink(path.join(this.opts.dir, file)).catch(() => {});
      this.done.add(file);
    }
    // Only a scan that went through (no write failed) lets the poll skip an unchanged folder.
    this.scannedMtime = before?.mtimeMs ?? -1;
  }

  private take(seg: SegmentFacts): Promise<void> {
    return this.sink.take(this.opts, this.opts.dir, seg, () => {
      recordSegmentIndexed((Date.now() - seg.span.end.getTime()) / 1000);
      this.opts.onIndexed?.(seg.file);
    });
  }

  private async gated(file: string, next: string | undefined, final: boolean): Promise<'keep' | 'drop' | 'wait'> {
    const gate = this.opts.gate!;
    const key = `${file} ${next ?? ''}`;
    const seg = this.read.get(key) ?? (await readSegmentFile(this.opts.dir, file, next));
    // Unreadable: nothing to play or to keep (as indexSegmentFile does).
    const decision = seg ? gate.decide(seg.span, final) : 'drop';
    if (decision === 'wait') {
      this.read.set(key, seg!);
      return decision;
    }
    for (const k of this.read.keys()) if (k.startsWith(`${file} `)) this.read.delete(k);
    if (decision === 'keep') {
      await this.take(seg!);
    } else {
      await unlink(path.join(this.opts.dir, file)).catch(() => {});
    }
    this.done.add(file);
    return decision;
  }

  async stop(): Promise<void> {
    this.watcher?.close();
    clearInterval(this.poll);
    await this.queue;
  }
}
