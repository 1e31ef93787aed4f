import type { Db } from '@vigil/db';
import { markUnrecorded, unrecordedCameras } from './events.repo.ts';

/**
 * The `camera-watch` job (work role, each minute): a camera is only reported offline by the
 * recorder holding it, so when every recorder is down (or none runs) nobody would say so. A lease
 * that has lapsed for a minute means no recorder took the camera over (a dead recorder's cameras
 * move in ~12 s): the camera becomes offline with an open outage, which the next recorder ends.
 */
export const UNRECORDED_GRACE_MS = 60_000;
export const NO_RECORDER = 'No recorder is running for this camera';

export async function watchCameras(db: Db, graceMs = UNRECORDED_GRACE_MS): Promise<number> {
  let marked = 0;
  for (const cam of await unrecordedCameras(db, graceMs))
    if (await markUnrecorded(db, cam, graceMs, NO_RECORDER)) marked++;
  return marked;
}
