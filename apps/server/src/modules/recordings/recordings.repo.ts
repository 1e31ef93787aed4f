import { type DbOrTx, schema } from '@vigil/db';
import { and, asc, desc, eq, gt, lt, lte } from 'drizzle-orm';

const { cameras, recordings: r, segments: s } = schema;

export type RecordingRow = typeof r.$inferSelect;
export interface SegmentRow {
  startAt: Date;
  endAt: Date;
  bytes: number;
  initBytes: number;
  path: string;
}

const segmentCols = { startAt: s.startAt, endAt: s.endAt, bytes: s.bytes, initBytes: s.initBytes, path: s.path };

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

  /**
   * Segments overlapping [from, to), in time order. The lower bound on start_at (a segment is
   * never longer than `maxSegmentMs`) keeps it a pure range scan of segments_camera_start_idx.
   */
  segmentsOverlapping(db: DbOrTx, cameraId: string, from: Date, to: Date, maxSegmentMs: number): Promise<SegmentRow[]> {
    return db
      .select(segmentCols)
      .from(s)
      .where(
        and(
          eq(s.cameraId, cameraId),
          gt(s.startAt, new Date(from.getTime() - maxSegmentMs)),
          lt(s.startAt, to),
          gt(s.endAt, from),
        ),
      )
      .orderBy(asc(s.startAt));
  },

  /** The segment holding instant `at` (the latest one starting at or before it). */
  async segmentAt(db: DbOrTx, cameraId: string, at: Date, maxSegmentMs: number): Promise<SegmentRow | undefined> {
    const [row] = await db
      .select(segmentCols)
      .from(s)
      .where(
        and(
          eq(s.cameraId, cameraId),
          lte(s.startAt, at),
          gt(s.startAt, new Date(at.getTime() - maxSegmentMs)),
          gt(s.endAt, at),
        ),
      )
      .orderBy(desc(s.startAt))
      .limit(1);
    return row;
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
