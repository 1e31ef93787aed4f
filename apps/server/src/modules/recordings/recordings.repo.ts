import { type DbOrTx, schema } from '@vigil/db';
import { and, asc, desc, eq, gt, gte, lt } from 'drizzle-orm';

const { cameras, pruneNotices: pn, recordings: r } = schema;

export type RecordingRow = typeof r.$inferSelect;
export type PruneNoticeRow = typeof pn.$inferSelect;

export const recordingsRepo = {
  /** Scoped by workspace: another workspace's camera is simply not found. */
  async cameraExists(db: DbOrTx, workspaceId: string, cameraId: string): Promise<boolean> {
    const rows = await db
      .select({ id: cameras.id })
      .from(cameras)
      .where(and(eq(cameras.id, cameraId), eq(cameras.workspaceId, workspaceId)))
      .limit(1);
    return rows.length > 0;
  },

  /** Recordings overlapping [from, to). */
  listOverlapping(db: DbOrTx, cameraId: string, from: Date, to: Date): Promise<RecordingRow[]> {
    return db
      .select()
      .from(r)
      .where(and(eq(r.cameraId, cameraId), lt(r.startAt, to), gt(r.endAt, from)))
      .orderBy(asc(r.startAt), asc(r.id));
  },

  /** The latest retention notice of each reason (the recorder writes them) since `since`. */
  latestNotices(db: DbOrTx, workspaceId: string, since: Date): Promise<PruneNoticeRow[]> {
    return db
      .selectDistinctOn([pn.reason])
      .from(pn)
      .where(and(eq(pn.workspaceId, workspaceId), gte(pn.lastAt, since)))
      .orderBy(asc(pn.reason), desc(pn.lastAt));
  },

  async setProtected(db: DbOrTx, workspaceId: string, id: string, value: boolean | undefined) {
    if (value === undefined) {
      const [row] = await db
        .select()
        .from(r)
        .where(and(eq(r.id, id), eq(r.workspaceId, workspaceId)))
        .limit(1);
      return row;
    }
    const [row] = await db
      .update(r)
      .set({ protected: value, updatedAt: new Date() })
      .where(and(eq(r.id, id), eq(r.workspaceId, workspaceId)))
      .returning();
    return row;
  },
};
