import type { Db } from '@vigil/db';
import { publish } from '../lib/realtime.ts';
import { insertEvent } from '../modules/events/events.module.ts';
import { lockUnrecorded, setOffline, unrecordedCameras } from './camera-watch.repo.ts';

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

/**
 * Says so for one of them, unless a recorder took it meanwhile: the camera is offline ("no recorder")
 * and an outage event opens from when its lease lapsed; a recorder that takes it later ends both.
 */
async function markUnrecorded(
  db: Db,
  cam: { id: string; workspaceId: string; since: Date },
  graceMs: number,
  error: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockUnrecorded(tx, cam.id, graceMs))) return false;
    await setOffline(tx, cam.id, error);
    await insertEvent(tx, {
      cameraId: cam.id,
      workspaceId: cam.workspaceId,
      kind: 'camera.offline',
      startAt: cam.since,
      detail: { error },
    });
    await publish(tx, { topic: 'cameras', workspaceId: cam.workspaceId, id: cam.id });
    return true;
  });
}
