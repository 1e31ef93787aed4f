import { type DbOrTx, schema } from '@vigil/db';
import { and, asc, desc, eq, gt, lt, lte } from 'drizzle-orm';

const { segments: s } = schema;

export interface SegmentRow {
  startAt: Date;
  endAt: Date;
  bytes: number;
  initBytes: number;
  path: string;
  /** 'local' (the media folder) or 's3' (the bucket, same key). */
  store: string;
  /** RFC 6381 codec string of its video (null: indexed before it was kept). */
  codec: string | null;
}

const segmentCols = {
  startAt: s.startAt,
  endAt: s.endAt,
  bytes: s.bytes,
  initBytes: s.initBytes,
  path: s.path,
  store: s.store,
  codec: s.codec,
};

/**
 * Reads of the recorder's segment index (video/ writes it). Copies (footage a recorder cut off
 * from the database wrote over another's, schema `copy`) are kept but never read for playback:
 * each moment of a camera shows once.
 */
export const segmentsRepo = {
  /**
   * Segments overlapping [from, to), in time order. The lower bound on start_at (a segment is
   * never longer than `maxSegmentMs`) keeps it a pure range scan of segments_camera_start_idx.
   */
  overlapping(db: DbOrTx, cameraId: string, from: Date, to: Date, maxSegmentMs: number): Promise<SegmentRow[]> {
    return db
      .select(segmentCols)
      .from(s)
      .where(
        and(
          eq(s.cameraId, cameraId),
          eq(s.copy, false),
          gt(s.startAt, new Date(from.getTime() - maxSegmentMs)),
          lt(s.startAt, to),
          gt(s.endAt, from),
        ),
      )
      .orderBy(asc(s.startAt));
  },

  /** The segment holding instant `at` (the latest one starting at or before it). */
  async at(db: DbOrTx, cameraId: string, at: Date, maxSegmentMs: number): Promise<SegmentRow | undefined> {
    const [row] = await db
      .select(segmentCols)
      .from(s)
      .where(
        and(
          eq(s.cameraId, cameraId),
          eq(s.copy, false),
          lte(s.startAt, at),
          gt(s.startAt, new Date(at.getTime() - maxSegmentMs)),
          gt(s.endAt, at),
        ),
      )
      .orderBy(desc(s.startAt))
      .limit(1);
    return row;
  },
};
