import { readdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@vigil/db';
import type { S3Storage } from '../lib/storage.ts';
import { segmentDir, relativeSegmentPath } from './paths.ts';
import { reconcileCamera } from './reconcile.ts';
import { type CameraRef, type SegmentFacts, insertFacts, readSegmentFile } from './segment-files.ts';
import type { SegmentSink } from './segment-indexer.ts';
import { holderUrl } from '../cluster/cluster.repo.ts';
import { holdsCamera, loadCameras } from './video.repo.ts';
import { concurrencyLimit } from '../lib/concurrency.ts';

/**
 * With S3, the recorder's media folder is only a buffer. A closed segment is uploaded under the
 * key its index row will carry (`segments.path`), then indexed as 's3', then its local file is
 * deleted. The row is written only once the object exists, so "indexed" means "readable by every
 * process": a `serve` on another machine can presign it the moment the timeline shows it. (Indexing
 * first as 'local' and flipping later would show footage that only this machine can read.) The
 * price is that footage appears in the index an upload later, and not at all while the bucket is
 * unreachable; it waits in the buffer meanwhile and is counted in `backlog()`.
 *
 * Uploads never block ffmpeg (it writes the next file on its own) nor the indexer: each camera has
 * its own queue, drained in time order (recordings are built from consecutive inserts), and
 * retried with backoff until it succeeds. A crash at any step leaves the file in the buffer:
 * reconcile (and `sweep` for cameras this process no longer runs) uploads it again — a PUT of the
 * same key is idempotent, and an insert of an indexed path is a no-op.
 */
export interface SegmentUploaderOptions {
  db: Db;
  storage: S3Storage;
  log(msg: string): void;
  /** Uploads in flight at once over all cameras (4). */
  concurrency?: number;
  /** First retry delay; doubles up to maxRetryMs (1 s → 30 s). */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface UploadBacklog {
  /** Closed segments waiting in the buffer for their upload (or uploading now). */
  segments: number;
  bytes: number;
}

export interface SegmentUploader extends SegmentSink {
  backlog(): UploadBacklog;
  /**
   * Uploads what an earlier run left in the buffer for cameras no runner of this process holds
   * (`claimed`): a camera that moved to another recorder while this one was down still gets its
   * last segments into the bucket.
   */
  sweep(mediaRoot: string, claimed: (dir: string) => boolean): Promise<void>;
  /**
   * Stops retrying; work already queued may finish within `graceMs`, then in-flight uploads are
   * aborted. What is left stays in the buffer for the next start.
   */
  stop(graceMs?: number): Promise<void>;
}

const MP4 = 'video/mp4';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const INDEX_RETRY_MAX_MS = 5000;

export function createSegmentUploader(opts: SegmentUploaderOptions): SegmentUploader {
  const { db, storage, log } = opts;
  const concurrency = opts.concurrency ?? 4;
  const retryMs = opts.retryMs ?? 1000;
  const maxRetryMs = opts.maxRetryMs ?? 30_000;
  /** Queued or uploading, by absolute file: a file handed over twice (reconcile, sweep) is taken once. */
  const pending = new Map<string, number>();
  const chains = new Map<string, Promise<void>>();
  const abort = new AbortController();
  let stopping = false;
  let wakeSleepers: (() => void)[] = [];
  let sweeping: Promise<void> = Promise.resolve();

  const slot = concurrencyLimit(concurrency);

  /** Backoff that a stop cuts short. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeSleepers = wakeSleepers.filter((w) => w !== done);
        resolve();
      }
      wakeSleepers.push(done);
    });

  const exists = (file: string) =>
    stat(file).then(
      () => true,
      () => false,
    );

  /** Upload (retried) → index as 's3' → delete the local copy. */
  async function upload(cam: CameraRef, dir: string, seg: SegmentFacts, indexed: () => void): Promise<void> {
    const file = path.join(dir, seg.file);
    const key = relativeSegmentPath(cam.workspaceId, cam.cameraId, seg.file);
    for (let attempt = 0; ; attempt++) {
      if (stopping && abort.signal.aborted) return; // left in the buffer for the next start
      // Gone: another pass of this process (or a recorder sharing the folder) took it already.
      if (!(await exists(file))) return;
      try {
        await slot(() => storage.putFile(key, file, MP4, abort.signal));
        break;
      } catch (e) {
        if (stopping) return;
        const wait = Math.min(maxRetryMs, retryMs * 2 ** attempt);
        // The storage layer has logged what S3 said; one line per outage, then every tenth try.
        if (attempt % 10 === 0)
          log(`upload of ${key} failed (${e instanceof Error ? e.message : e}); retrying in ${wait} ms`);
        await pause(wait * (0.8 + Math.random() * 0.4));
      }
    }
    // Only now does the index point at the object; a crash before this re-uploads on restart.
    for (let attempt = 0; ; attempt++) {
      try {
        if (await insertFacts(db, cam, seg, 's3')) indexed();
        break;
      } catch (e) {
        if (stopping) return;
        if (attempt % 10 === 0) log(`indexing ${key} failed (${e instanceof Error ? e.message : e}); retrying`);
        // The object is safe in the bucket; only the index waits. A database back from a restart
        // answers within seconds, and footage unindexed is footage nobody can find: retry often.
        await pause(Math.min(INDEX_RETRY_MAX_MS, retryMs * 2 ** attempt));
      }
    }
    await unlink(file).catch(() => {});
  }

  async function take(cam: CameraRef, dir: string, seg: SegmentFacts, indexed: () => void): Promise<void> {
    const file = path.join(dir, seg.file);
    if (pending.has(file) || stopping) return;
    // The lease is checked now, as the segment closes, not at the insert an upload later: a
    // camera handed over meanwhile (or an outage's backlog) must still index as this process's
    // footage what it recorded while it held the camera. A file closed after the camera was lost
    // (a recorder cut off from the database, or paused, recording on) is a former writer's footage:
    // uploaded and indexed all the same, as a copy where the new holder's footage overlaps it.
    const holder = await holdsCamera(db, cam.cameraId, cam.fence?.());
    const unfenced: CameraRef = {
      cameraId: cam.cameraId,
      workspaceId: cam.workspaceId,
      kind: cam.kind,
      ...(holder ? {} : { fence: () => null }),
    };
    pending.set(file, seg.bytes);
    const next = (chains.get(dir) ?? Promise.resolve())
      .then(() => upload(unfenced, dir, seg, indexed))
      .catch((e) => log(`segment ${file}: ${e instanceof Error ? e.message : e}`))
      .finally(() => pending.delete(file));
    chains.set(dir, next);
    // A camera whose queue is empty again drops its chain (cameras come and go with leases).
    void next.then(() => {
      if (chains.get(dir) === next) chains.delete(dir);
    });
    // Not awaited: the indexer moves on to the next file while this one uploads.
  }

  /** One leftover camera folder: the rows reconcile repairs, then every readable file it leaves, in order. */
  async function sweepDir(dir: string, workspaceId: string, cameraId: string): Promise<void> {
    const [row] = await loadCameras(db, cameraId);
    if (!row || row.workspaceId !== workspaceId) {
      // The camera was deleted: its index rows went with it, and its buffered footage goes too.
      await rm(dir, { recursive: true, force: true });
      return;
    }
    const cam: CameraRef = { cameraId, workspaceId, kind: row.recordingMode === 'motion' ? 'motion' : 'continuous' };
    // A camera another live recorder holds may have files still growing here (a shared folder):
    // those wait until quiet. Otherwise nothing writes into the folder any more.
    const held = row.enabled && (await holderUrl(db, cameraId)) !== undefined;
    const rec = await reconcileCamera(db, cam, dir, log, undefined, { remote: true, ...(held ? {} : { quietMs: 0 }) });
    for (const [i, file] of rec.pending.entries()) {
      const seg = await readSegmentFile(dir, file, rec.pending[i + 1]);
      if (seg) await take(cam, dir, seg, () => {});
    }
  }

  return {
    take,
    backlog() {
      let bytes = 0;
      for (const b of pending.values()) bytes += b;
      return { segments: pending.size, bytes };
    },
    sweep(mediaRoot, claimed) {
      sweeping = sweepAll(mediaRoot, claimed);
      return sweeping;
    },
    async stop(graceMs = 5000) {
      stopping = true;
      for (const w of [...wakeSleepers]) w();
      // The sweep notices `stopping` before its next folder; it must not outlive the database pool.
      await sweeping;
      const all = Promise.all(chains.values());
      const timer = setTimeout(() => abort.abort(), graceMs);
      await all;
      clearTimeout(timer);
    },
  };

  async function sweepAll(mediaRoot: string, claimed: (dir: string) => boolean): Promise<void> {
    const names = (d: string) => readdir(d).catch(() => [] as string[]);
    for (const workspaceId of (await names(mediaRoot)).filter((n) => UUID.test(n))) {
      for (const cameraId of (await names(path.join(mediaRoot, workspaceId))).filter((n) => UUID.test(n))) {
        const dir = segmentDir(mediaRoot, workspaceId, cameraId);
        if (stopping || claimed(dir)) continue;
        await sweepDir(dir, workspaceId, cameraId).catch((e) =>
          log(`buffer sweep of ${dir}: ${e instanceof Error ? e.message : e}`),
        );
      }
    }
  }
}
