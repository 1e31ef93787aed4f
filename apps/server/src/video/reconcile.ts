import { existsSync } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@vigil/db';
import { type CameraRef, indexSegmentFile, listSegmentFiles, nextOfWriter, readSegmentFile } from './segment-files.ts';
import { FORMER_QUIET_MS } from './segment-indexer.ts';
import { writerOf } from './paths.ts';
import { deleteSegments, listSegments } from './video.repo.ts';

/**
 * Repairs one camera's segment index from its directory before recording starts: files the
 * index misses (a crash between ffmpeg closing a file and the insert) are indexed, rows whose
 * file is gone are dropped. Like Frigate, it refuses to drop more than half of the rows at once:
 * that smells of an unmounted disk, not of lost files, and the index is worth more than a pass.
 *
 * A motion camera's files outside every motion window are deleted as the indexer decides them, so
 * the only un-indexed files it leaves are the last few a crash caught undecided. Those older than
 * the pre-roll can no longer precede any motion: they are deleted, not indexed as footage; younger
 * ones are left to the live indexer, which may keep them as the pre-roll of a motion to come. Many
 * old un-indexed files do not come from a crash but smell of a lost index (a database restored
 * from an older backup): like the half rule, reconcile then keeps them, indexed as motion clips.
 */
export interface MotionReconcile {
  /** Un-indexed files last written before this (ms) are stale. */
  staleBefore: number;
  /** The most un-indexed files a crash can leave behind; more are indexed, not deleted. */
  maxStaleFiles: number;
}

export interface ReconcileResult {
  indexed: number;
  removed: number;
  deletedFiles: number;
  /** Stale un-indexed files of a motion camera, deleted. */
  droppedFiles: number;
  /** Local copies of segments already uploaded and indexed as 's3' (a crash before the unlink), deleted. */
  uploadedLeftovers: number;
  /** Set when the removal was refused. */
  refused?: string;
  /** The files now in the index, or left as they are (the live indexer skips them). */
  files: string[];
  /**
   * With S3 (`remote`): readable files the index misses, in time order. They are not uploaded here
   * (a bucket outage must not keep the camera from recording): the live indexer hands them to the
   * uploader like any new segment.
   */
  pending: string[];
  /** Of `pending`, those a motion camera's gate must not decide (too many to be crash leftovers). */
  keep: string[];
}

export interface ReconcileOptions {
  /** S3 is the store: the folder is only the upload buffer (see segment-upload.ts). */
  remote?: boolean;
  /**
   * Un-indexed files written to within this long may still be growing: a former writer cut off
   * from the database records on. They are left to the live indexer (formerFiles), which takes
   * them once they are quiet (FORMER_QUIET_MS, the default; 0 when no writer can be left).
   */
  quietMs?: number;
}

async function staleFiles(dir: string, files: string[], before: number): Promise<string[]> {
  const stale: string[] = [];
  for (const file of files) {
    const st = await stat(path.join(dir, file)).catch(() => undefined);
    if (st && st.mtimeMs < before) stale.push(file);
  }
  return stale;
}

export async function reconcileCamera(
  db: Db,
  cam: CameraRef,
  dir: string,
  log: (msg: string) => void,
  motion?: MotionReconcile,
  opts: ReconcileOptions = {},
): Promise<ReconcileResult> {
  const result: ReconcileResult = {
    indexed: 0,
    removed: 0,
    deletedFiles: 0,
    droppedFiles: 0,
    uploadedLeftovers: 0,
    files: [],
    pending: [],
    keep: [],
  };
  const rows = await listSegments(db, cam.cameraId);
  const onDisk = new Set(await listSegmentFiles(dir));
  const storeOf = new Map(rows.map((r) => [path.posix.basename(r.path), r.store]));
  const indexedNames = new Set(storeOf.keys());

  // Only rows whose bytes live in this folder can be missing from it; 's3' rows are in the bucket.
  const missing = rows.filter((r) => r.store === 'local' && !onDisk.has(path.posix.basename(r.path)));
  const localRows = rows.filter((r) => r.store === 'local').length;
  if (missing.length > 0 && missing.length > localRows / 2) {
    result.refused = `reconcile: ${missing.length} of ${localRows} indexed segments of camera ${cam.cameraId} are missing from ${dir}${existsSync(dir) ? '' : ' (directory absent)'}; refusing to delete more than half of the index`;
    log(result.refused);
  } else if (missing.length) {
    await deleteSegments(
      db,
      cam.workspaceId,
      missing.map((r) => r.id),
    );
    result.removed = missing.length;
  }

  // In time order, so recordings are rebuilt contiguous exactly as the live indexer would.
  const files = [...onDisk].sort();
  let undecided = new Set<string>();
  let drop = new Set<string>();
  if (motion) {
    const unindexed = files.filter((f) => !indexedNames.has(f));
    const stale = await staleFiles(dir, unindexed, motion.staleBefore);
    undecided = new Set(unindexed.filter((f) => !stale.includes(f)));
    if (stale.length <= motion.maxStaleFiles) drop = new Set(stale);
    else {
      log(
        `reconcile: ${stale.length} un-indexed segments of motion camera ${cam.cameraId} in ${dir}, more than a crash leaves undecided; indexing them rather than deleting them`,
      );
    }
  }
  // Every file here is a former run's (this run has written nothing yet): indexed as its
  // writer's footage, so no gap event speaks for this run, and a copy where it overlaps.
  const former: CameraRef = cam.fence ? { ...cam, fence: () => null } : cam;
  const settled = new Set(
    await staleFiles(
      dir,
      files.filter((f) => !indexedNames.has(f)),
      Date.now() - (opts.quietMs ?? FORMER_QUIET_MS),
    ),
  );
  for (const [i, file] of files.entries()) {
    if (storeOf.get(file) === 's3') {
      // Uploaded and indexed; the crash came before its local copy was deleted.
      await unlink(path.join(dir, file)).catch(() => {});
      result.uploadedLeftovers++;
      continue;
    }
    if (indexedNames.has(file)) {
      result.files.push(file);
      continue;
    }
    if (undecided.has(file)) continue;
    // Another writer's file still being written: not ours to cut short (the live indexer waits).
    if (writerOf(file) !== '' && !settled.has(file)) continue;
    if (drop.has(file)) {
      await unlink(path.join(dir, file)).catch(() => {});
      result.droppedFiles++;
      continue;
    }
    // Only a writer's newest file can be a crash leftover; an unreadable older one is kept for a human.
    const next = nextOfWriter(files, i);
    const newest = next === undefined;
    if (opts.remote) {
      if (await readSegmentFile(dir, file, next)) {
        result.pending.push(file);
        // On a motion camera only the stale files past maxStaleFiles get here: kept, not gated.
        if (motion) result.keep.push(file);
      } else if (newest) {
        await unlink(path.join(dir, file)).catch(() => {});
        result.deletedFiles++;
      } else {
        result.files.push(file);
        log(`reconcile: ${path.join(dir, file)} is unreadable; left in place`);
      }
      continue;
    }
    const r = await indexSegmentFile(db, former, dir, file, { deleteUnreadable: newest, next });
    if (r.deleted) result.deletedFiles++;
    else if (r.indexed) {
      result.files.push(file);
      result.indexed++;
    } else {
      result.files.push(file); // not retried by the live indexer either
      log(`reconcile: ${path.join(dir, file)} is unreadable; left in place`);
    }
  }
  if (result.indexed || result.removed || result.deletedFiles || result.droppedFiles || result.pending.length) {
    log(
      `reconcile camera ${cam.cameraId}: indexed ${result.indexed}, removed ${result.removed} rows, deleted ${result.deletedFiles} unreadable and ${result.droppedFiles} stale motion-less files${opts.remote ? `, ${result.pending.length} left in the buffer to upload` : ''}`,
    );
  }
  return result;
}
