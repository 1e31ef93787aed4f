import type { Db, DbOrTx } from '@vigil/db';
import { audit } from '../modules/audit/audit.module.ts';
import { recordPruned } from '../modules/events/events.module.ts';
import { type DiskCandidate, diskBatchIn } from './disk-guard.repo.ts';
import {
  type OwnerLimits,
  type PruneBatch,
  type PrunedIn,
  expiredBatchIn,
  recordingsBatchIn,
  removedCount,
  storageBatchIn,
} from './retention.repo.ts';

type PruneReason = 'retention-days' | 'max-storage' | 'max-recordings' | 'disk-space';

/**
 * One batch in its own transaction with what follows it there: the plan limit's (or the full
 * disk's) notice as a `storage.pruned` event (the events module writes it), and in the workspace's
 * audit log, by the system, whole recordings removed — and any footage at all the disk guard
 * removed, since nobody's rule but the disk's chose it.
 */
function inTransaction(db: Db, workspaceId: string, reason: PruneReason, run: (tx: DbOrTx) => Promise<PrunedIn>) {
  return db.transaction(async (tx): Promise<PruneBatch> => {
    const { notice, ...batch } = await run(tx);
    if (notice) await recordPruned(tx, notice);
    const segments = removedCount(batch);
    if (batch.recordingsRemoved || (reason === 'disk-space' && segments))
      await audit.record(tx, {
        action: 'recording.deleted',
        workspaceId,
        actorId: null,
        apiKeyId: null,
        ip: null,
        details: {
          reason,
          recordings: batch.recordingsRemoved,
          bytes: batch.bytes,
          ...(reason === 'disk-space' ? { segments } : {}),
        },
      });
    return batch;
  });
}

/** Days retention: up to `batch` of a camera's segments that ended at or before `cutoff`, oldest first. */
export const pruneExpiredBatch = (db: Db, cam: { id: string; workspaceId: string }, cutoff: Date, batch: number) =>
  inTransaction(db, cam.workspaceId, 'retention-days', (tx) => expiredBatchIn(tx, cam, cutoff, batch));

/** maxStorage: the oldest unprotected segments until what the workspace stores fits. */
export const pruneStorageBatch = (
  db: Db,
  workspaceId: string,
  limitOf: (limits: OwnerLimits) => { gb: number; bytes: number },
  batch: number,
) => inTransaction(db, workspaceId, 'max-storage', (tx) => storageBatchIn(tx, workspaceId, limitOf, batch));

/** maxRecordings: the oldest unprotected recordings, whole, while there are too many. */
export const pruneRecordingsBatch = (
  db: Db,
  workspaceId: string,
  limitOf: (limits: OwnerLimits) => number,
  batch: number,
) => inTransaction(db, workspaceId, 'max-recordings', (tx) => recordingsBatchIn(tx, workspaceId, limitOf, batch));

/** Disk guard: the picked segments of one workspace, oldest first, unless protected meanwhile. */
export const pruneDiskBatch = (
  db: Db,
  workspaceId: string,
  picked: readonly Pick<DiskCandidate, 'id' | 'rec'>[],
  thresholdGb: number,
) => inTransaction(db, workspaceId, 'disk-space', (tx) => diskBatchIn(tx, workspaceId, picked, thresholdGb));
