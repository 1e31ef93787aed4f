import { type FSWatcher, watch } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@vigil/db';
import { recordSegmentIndexed } from '../lib/metrics.ts';
import { writerOf } from './paths.ts';
import type { SegmentIndexBatch } from './segment-index-batch.ts';
import {
  type CameraRef,
  insertFacts,
  listSegmentFiles,
  newSegment,
  nextOfWriter,
  readSegmentFile,
  type SegmentFacts,
} from './segment-files.ts';
import type { WriteFence } from './video.repo.ts';

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
  /** The recorder's index writes in rounds across its cameras (segment-index-batch.ts); unset: one transaction per segment. */
  batch?: SegmentIndexBatch;
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
    const batch = opts.batch;
    this.sink = opts.sink ?? {
      take: async (cam, _dir, seg, indexed) => {
        const written = batch
          ? batch.insert(newSegment(cam, seg, 'local'), cam.fence?.())
          : insertFacts(opts.db, cam, seg);
        if (await written) indexed();
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
