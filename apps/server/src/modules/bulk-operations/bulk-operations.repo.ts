import { type DbOrTx, schema } from '@vigil/db';
import type { BulkChange, BulkFilter } from '@vigil/shared';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';

import type { OperationRow, ResultRow } from './bulk-view.ts';

const { bulkOperations: ops, bulkOperationResults: results, users } = schema;

export interface NewOperation {
  workspaceId: string;
  createdBy: string;
  apiKeyId: string | null;
  ip: string | null;
  change: BulkChange;
  filter: BulkFilter | null;
  cameras: readonly { id: string; name: string }[];
}

const summaryColumns = { op: ops, creatorName: users.displayName };

/** The rows of bulk operations and their per-camera results. */
export const bulkOperationsRepo = {
  /** The operation and one result row per camera, to do, in the order given. */
  async insert(tx: DbOrTx, o: NewOperation): Promise<OperationRow> {
    const [op] = await tx
      .insert(ops)
      .values({
        workspaceId: o.workspaceId,
        createdBy: o.createdBy,
        apiKeyId: o.apiKeyId,
        ip: o.ip,
        change: o.change,
        filter: o.filter,
        total: o.cameras.length,
      })
      .returning();
    // In slices: one statement's parameters stay well under PostgreSQL's 65,535.
    for (let i = 0; i < o.cameras.length; i += 1000) {
      await tx.insert(results).values(
        o.cameras.slice(i, i + 1000).map((cam, j) => ({
          operationId: op!.id,
          cameraId: cam.id,
          cameraName: cam.name,
          position: i + j,
        })),
      );
    }
    return op!;
  },

  /** The most recent operations of the workspace (only `createdBy`'s when given), newest first. */
  async recent(db: DbOrTx, workspaceId: string, createdBy: string | null, limit: number) {
    return db
      .select(summaryColumns)
      .from(ops)
      .leftJoin(users, eq(users.id, ops.createdBy))
      .where(and(eq(ops.workspaceId, workspaceId), createdBy ? eq(ops.createdBy, createdBy) : undefined))
      .orderBy(desc(ops.createdAt), desc(ops.id))
      .limit(limit);
  },

  async find(db: DbOrTx, workspaceId: string, id: string) {
    const [row] = await db
      .select(summaryColumns)
      .from(ops)
      .leftJoin(users, eq(users.id, ops.createdBy))
      .where(and(eq(ops.id, id), eq(ops.workspaceId, workspaceId)));
    return row;
  },

  async results(db: DbOrTx, id: string): Promise<ResultRow[]> {
    return db.select().from(results).where(eq(results.operationId, id)).orderBy(asc(results.position));
  },

  // The job's side.

  /** Marks it running (first start) and returns it; undefined when it is gone or already over. */
  async start(db: DbOrTx, id: string): Promise<OperationRow | undefined> {
    const [row] = await db
      .update(ops)
      .set({ status: 'running', startedAt: sql`coalesce(${ops.startedAt}, now())` })
      .where(and(eq(ops.id, id), sql`${ops.status} in ('queued', 'running')`))
      .returning();
    return row;
  },

  /** The cameras still to do, in order. */
  async pending(db: DbOrTx, id: string): Promise<{ cameraId: string; cameraName: string }[]> {
    return db
      .select({ cameraId: results.cameraId, cameraName: results.cameraName })
      .from(results)
      .where(and(eq(results.operationId, id), isNull(results.ok)))
      .orderBy(asc(results.position));
  },

  /**
   * Records one camera's result if it is still to do: true when this transaction may apply it.
   * The row stays locked to the commit: a second run of the job waits here, then finds it done.
   */
  async markDone(tx: DbOrTx, id: string, cameraId: string, ok: boolean, error: string | null): Promise<boolean> {
    const rows = await tx
      .update(results)
      .set({ ok, error, finishedAt: sql`now()` })
      .where(and(eq(results.operationId, id), eq(results.cameraId, cameraId), isNull(results.ok)))
      .returning({ cameraId: results.cameraId });
    return rows.length > 0;
  },

  /** Adds results to the operation's progress. */
  async count(tx: DbOrTx, id: string, succeeded: number, failed: number): Promise<void> {
    if (succeeded === 0 && failed === 0) return;
    await tx
      .update(ops)
      .set({ succeeded: sql`${ops.succeeded} + ${succeeded}`, failed: sql`${ops.failed} + ${failed}` })
      .where(eq(ops.id, id));
  },

  /** Every camera still to do fails with `error` (the operation stopped as a whole); returns how many. */
  async failRest(tx: DbOrTx, id: string, error: string): Promise<number> {
    const rows = await tx
      .update(results)
      .set({ ok: false, error, finishedAt: sql`now()` })
      .where(and(eq(results.operationId, id), isNull(results.ok)))
      .returning({ cameraId: results.cameraId });
    if (rows.length)
      await tx
        .update(ops)
        .set({ failed: sql`${ops.failed} + ${rows.length}` })
        .where(eq(ops.id, id));
    return rows.length;
  },

  /** Ends it (once): the row as it ends, or undefined when it had already ended. */
  async finish(tx: DbOrTx, id: string, status: 'done' | 'failed', error: string | null) {
    const [row] = await tx
      .update(ops)
      .set({ status, error, finishedAt: sql`now()` })
      .where(and(eq(ops.id, id), eq(ops.status, 'running')))
      .returning();
    return row;
  },
};
