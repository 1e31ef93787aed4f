import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@vigil/db';
import { indexSegmentFile, listSegmentFiles } from './segment-indexer.ts';
import { deleteSegments, listSegments } from './video.repo.ts';

/**
 * Repairs one camera's segment index from its directory before recording starts: files the
 * index misses (a crash between ffmpeg closing a file and the insert) are indexed, rows whose
 * file is gone are dropped. Like Frigate, it refuses to drop more than half of the rows at once:
 * that smells of an unmounted disk, not of lost files, and the index is worth more than a pass.
 */
export interface ReconcileResult {
  indexed: number;
  removed: number;
  deletedFiles: number;
  /** Set when the removal was refused. */
  refused?: string;
  /** The files now in the index (the live indexer skips them). */
  files: string[];
}

export async function reconcileCamera(
  db: Db,
  cam: { cameraId: string; workspaceId: string; kind: 'continuous' | 'motion' },
  dir: string,
  log: (msg: string) => void,
): Promise<ReconcileResult> {
  const result: ReconcileResult = { indexed: 0, removed: 0, deletedFiles: 0, files: [] };
  const rows = await listSegments(db, cam.cameraId);
  const onDisk = new Set(await listSegmentFiles(dir));
  const indexedNames = new Set(rows.map((r) => path.posix.basename(r.path)));

  const missing = rows.filter((r) => !onDisk.has(path.posix.basename(r.path)));
  if (missing.length > 0 && missing.length > rows.length / 2) {
    result.refused = `reconcile: ${missing.length} of ${rows.length} indexed segments of camera ${cam.cameraId} are missing from ${dir}${existsSync(dir) ? '' : ' (directory absent)'}; refusing to delete more than half of the index`;
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
  for (const [i, file] of files.entries()) {
    if (indexedNames.has(file)) {
      result.files.push(file);
      continue;
    }
    // Only the newest file can be a crash leftover; an unreadable older one is kept for a human.
    const newest = file === files[files.length - 1];
    const r = await indexSegmentFile(db, cam, dir, file, { deleteUnreadable: newest, next: files[i + 1] });
    if (r.deleted) result.deletedFiles++;
    else if (r.indexed) {
      result.files.push(file);
      result.indexed++;
    } else {
      result.files.push(file); // not retried by the live indexer either
      log(`reconcile: ${path.join(dir, file)} is unreadable; left in place`);
    }
  }
  if (result.indexed || result.removed || result.deletedFiles) {
    log(
      `reconcile camera ${cam.cameraId}: indexed ${result.indexed}, removed ${result.removed} rows, deleted ${result.deletedFiles} unreadable files`,
    );
  }
  return result;
}
