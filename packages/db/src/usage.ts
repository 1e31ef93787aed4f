import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * A workspace's usage (spec §3 `usage` on its owner's user document), recounted from what is
 * stored. Footage, exports and uploaded files all write here, so the definition lives once,
 * below every module that stores something.
 */

/**
 * Everything a workspace stores that its plan's limits.maxStorage covers, in bytes: its footage
 * (recordings), its finished exports and reports, and the files it uploaded. The usage figure people see, the
 * upload and export quota checks and retention's maxStorage pruning all use this one sum.
 * `workspaceId` is an id, or a column of an outer query (sql`w.id`) to sum for every workspace at once.
 */
export function storedBytesSql(workspaceId: string | SQL): SQL<string> {
  return sql<string>`(
    (select coalesce(sum(bytes), 0) from recordings where workspace_id = ${workspaceId})
    + (select coalesce(sum(bytes), 0) from exports where workspace_id = ${workspaceId} and status = 'done')
    + (select coalesce(sum(bytes), 0) from reports where workspace_id = ${workspaceId} and status = 'done')
    + (select coalesce(sum(bytes), 0) from workspace_files where workspace_id = ${workspaceId})
  )`;
}

/** Bytes the workspace stores now (see storedBytesSql). */
export async function storedBytes(db: DbOrTx, workspaceId: string): Promise<number> {
  const { rows } = await db.execute<{ bytes: string }>(sql`select ${storedBytesSql(workspaceId)} as bytes`);
  return Number(rows[0]?.bytes ?? 0);
}

/**
 * Locks the workspace owner's row for the rest of the transaction and returns its plan limits.
 * Every write that changes usage takes this lock first, so quota checks and recounts of one
 * workspace happen one at a time (cameras index in parallel; uploads arrive concurrently).
 */
export async function lockOwner(
  tx: DbOrTx,
  workspaceId: string,
): Promise<{ limits: Record<string, unknown> } | undefined> {
  const { rows } = await tx.execute<{ limits: Record<string, unknown> }>(
    sql`select limits from users where id = (select owner_id from workspaces where id = ${workspaceId}) for update`,
  );
  return rows[0];
}

/** Recounts the owner's usage from what is stored, so it can never drift. */
export async function refreshUsage(tx: DbOrTx, workspaceId: string): Promise<void> {
  // storageUsed is in GB (10^9 bytes) rounded to 3 decimals, i.e. exact to the megabyte.
  await tx.execute(sql`
    update users set usage = usage || jsonb_build_object(
      'recordingsCount', (select count(*) from recordings where workspace_id = ${workspaceId}),
      'storageUsed', round(${storedBytesSql(workspaceId)} / 1e9, 3)::float8
    ) where id = (select owner_id from workspaces where id = ${workspaceId})`);
}
