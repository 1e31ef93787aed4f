import { type DbOrTx, schema } from '@vigil/db';
import { and, asc, desc, eq, gt, gte, lt } from 'drizzle-orm';
import { type CameraScope, cameraInScope } from '../../lib/camera-scope.ts';

const { cameras, pruneNotices: pn, recordings: r } = schema;

export type RecordingRow = typeof r.$inferSelect;
export type PruneNoticeRow = typeof pn.$inferSelect;

export const recordingsRepo = {
  /** Scoped by workspace and camera scope: another workspace's camera, or one outside the scope, is not found. */
  async cameraExists(db: DbOrTx, workspaceId: string, scope: CameraScope, cameraId: string): Promise<boolean> {
    const rows = await db
      .select({ id: cameras.id })
      .from(cameras)
      .where(and(eq(cameras.id, cameraId), eq(cameras.workspaceId, workspaceId), cameraInScope(cameras.id, scope)))
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

  async setProtected(db: DbOrTx, workspaceId: string, scope: CameraScope, id: string, value: boolean | undefined) {
    const mine = and(eq(r.id, id), eq(r.workspaceId, workspaceId), cameraInScope(r.cameraId, scope));
    if (value === undefined) {
      const [row] = await db.select().from(r).where(mine).limit(1);
      return row;
    }
    const [row] = await db.update(r).set({ protected: value, updatedAt: new Date() }).where(mine).returning();
    return row;
  },
};
