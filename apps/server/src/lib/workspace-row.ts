import type { DbOrTx } from '@vigil/db';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * Whether row `id` of a table a workspace owns (schedules, sites) is that workspace's. Another
 * workspace's row answers false, as a missing one does: callers refuse both alike.
 */
export async function isWorkspaceRow(
  db: DbOrTx,
  table: PgTable & { id: PgColumn; workspaceId: PgColumn },
  workspaceId: string,
  id: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.workspaceId, workspaceId)));
  return Boolean(row);
}
