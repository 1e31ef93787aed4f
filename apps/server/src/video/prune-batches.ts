import type { Db, DbOrTx } from '@vigil/db';
import { audit } from '../modules/audit/audit.module.ts';
import { recordPruned } from '../modules/events/events.module.ts';
import {
  type OwnerLimits,
  type PruneBatch,
  type PrunedIn,
  expiredBatchIn,
  recordingsBatchIn,
  storageBatchIn,
} from './retention.repo.ts';

type PruneReason = 'retention-days' | 'max-storage' | 'max-recordings';

/**
 * One batch in its own transaction with what follows it there: the plan limit's notice as a
 * `storage.pruned` event (the events module writes it), and whole recordings removed in the
 * workspace's audit log, by the system.
 */
function inTransaction(db: Db, workspaceId: string, reason: PruneReason, run: (tx: DbOrTx) => Promise<PrunedIn>) {
  return db.transaction(async (tx): Promise<PruneBatch> => {
    const { notice, ...batch } = await run(tx);
    if (notice) await recordPruned(tx, notice);
    if (batch.recordingsRemoved)
      await audit.record(tx, {
        action: 'recording.deleted',
        workspaceId,
        actorId: null,
        apiKeyId: null,
        ip: null,
        details: { reason, recordings: batch.recordingsRemoved, bytes: batch.bytes },
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
