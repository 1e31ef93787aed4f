import { type DbOrTx, lockOwner, refreshUsage } from '@vigil/db';
import { sql } from 'drizzle-orm';
import { type PrunedIn, addNotice, removeSegments, removedCount } from './retention.repo.ts';

/**
 * The disk guard's SQL. Candidates are the installation's oldest indexed segments whose bytes are
 * in the media folder (`store = 'local'`), every workspace together, protected recordings never.
 * A batch then runs per workspace like retention's (retention.repo.ts): under the owner lock,
 * protection re-checked with the recordings locked, usage recounted, the day's `diskSpace` notice grown.
 */

export interface DiskCandidate {
  id: string;
  rec: string | null;
  workspaceId: string;
  path: string;
  bytes: number;
}

/**
 * The `limit` oldest unprotected local segments of the installation. Each camera's oldest come from
 * its (camera, start) index and are merged, so the query reads about `limit` rows per camera however
 * long the footage goes back, instead of sorting every segment.
 */
export async function oldestLocalSegments(db: DbOrTx, limit: number): Promise<DiskCandidate[]> {
  const r = await db.execute<{
    id: string;
    rec: string | null;
    workspace_id: string;
    path: string;
    bytes: string | number;
  }>(sql`
    select s.id, s.rec, s.workspace_id, s.path, s.bytes
    from cameras c cross join lateral (
      select sg.id, sg.recording_id as rec, sg.workspace_id, sg.path, sg.bytes, sg.start_at
      from segments sg left join recordings r on r.id = sg.recording_id
      where sg.camera_id = c.id and sg.store = 'local' and r.protected is not true
      order by sg.start_at
      limit ${limit}
    ) s
    order by s.start_at
    limit ${limit}`);
  return r.rows.map((row) => ({
    id: row.id,
    rec: row.rec,
    workspaceId: row.workspace_id,
    path: row.path,
    bytes: Number(row.bytes),
  }));
}

/**
 * Deletes the picked segments of one workspace (those still unprotected), in the caller's
 * transaction; `thresholdGb` is what the notice says the guard keeps free.
 */
export async function diskBatchIn(
  tx: DbOrTx,
  workspaceId: string,
  picked: readonly Pick<DiskCandidate, 'id' | 'rec'>[],
  thresholdGb: number,
): Promise<PrunedIn> {
  await lockOwner(tx, workspaceId);
  const removed = await removeSegments(
    tx,
    picked.map((p) => ({ id: p.id, rec: p.rec })),
  );
  if (!removedCount(removed)) return { ...removed, more: false };
  const notice = await addNotice(tx, workspaceId, 'diskSpace', thresholdGb, removed);
  await refreshUsage(tx, workspaceId);
  return { ...removed, more: false, notice };
}
