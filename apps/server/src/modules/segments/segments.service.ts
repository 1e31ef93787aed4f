import type { DbOrTx } from '@vigil/db';
import { type SegmentRow, segmentsRepo as repo } from './segments.repo.ts';

export type { SegmentRow };

/**
 * No segment is longer than this (the recorder cuts ~10 s); it bounds the index range scan
 * for "segments overlapping [from, to)" so the start_at index does all the work.
 */
export const MAX_SEGMENT_MS = 10 * 60 * 1000;

/**
 * The segment index as playback (recordings) and exports read it: one read model, so both ask
 * "which footage covers this time" the same way. Callers check the camera's workspace first.
 */
export const segmentIndex = {
  /** Segments of `cameraId` overlapping [from, to), in time order. */
  overlapping: (db: DbOrTx, cameraId: string, from: Date, to: Date): Promise<SegmentRow[]> =>
    repo.overlapping(db, cameraId, from, to, MAX_SEGMENT_MS),
  /** The segment holding instant `at`, if any. */
  at: (db: DbOrTx, cameraId: string, at: Date): Promise<SegmentRow | undefined> =>
    repo.at(db, cameraId, at, MAX_SEGMENT_MS),
};
