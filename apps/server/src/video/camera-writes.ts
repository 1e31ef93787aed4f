import { type Db, type DbOrTx, lockOwner, refreshUsage } from '@vigil/db';
import { publish } from '../lib/realtime.ts';
import { endOutages, hasOpenOutage, insertEvent } from '../modules/events/events.module.ts';
import { indexRound } from './segment-round.repo.ts';
import {
  type NewSegment,
  type SegmentGap,
  type WriteFence,
  cameraExists,
  holdsCamera,
  indexSegment,
  setStatus,
} from './video.repo.ts';

/**
 * The recorder's writes that touch a camera and its events together, each in one transaction: the
 * camera's rows through video.repo.ts, its events through the events module (the table's one
 * owner, which also queues who hears about them). A recorder that lost the camera's lease writes
 * nothing: its holder speaks for the camera.
 */

/**
 * Writes a status change and the realtime notice, atomically. `outage` ends the camera's open
 * outage events with it: back online (a `camera.online` event when there was one), or disabled.
 */
export async function writeStatus(
  db: Db,
  cam: { id: string; workspaceId: string },
  status: string,
  lastError: string | null,
  fence?: WriteFence,
  outage?: 'online' | 'disabled',
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await holdsCamera(tx, cam.id, fence))) return false;
    const now = new Date();
    if (!(await setStatus(tx, cam.id, status, lastError, now))) return false;
    if (outage && (await endOutages(tx, cam.id, now)) > 0) {
      await publish(tx, { topic: 'events', workspaceId: cam.workspaceId, cameraId: cam.id });
      if (outage === 'online')
        await insertEvent(tx, {
          cameraId: cam.id,
          workspaceId: cam.workspaceId,
          kind: 'camera.online',
          startAt: now,
          endAt: now,
        });
    }
    await publish(tx, { topic: 'cameras', workspaceId: cam.workspaceId, id: cam.id });
    return true;
  });
}

/**
 * The camera has stayed unreachable past the grace: a `camera.offline` event from when it went,
 * open until it returns (one at a time).
 */
export async function writeOutage(
  db: Db,
  cam: { id: string; workspaceId: string },
  since: Date,
  error: string | null,
  fence?: WriteFence,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await holdsCamera(tx, cam.id, fence))) return;
    if (await hasOpenOutage(tx, cam.id)) return;
    await insertEvent(tx, {
      cameraId: cam.id,
      workspaceId: cam.workspaceId,
      kind: 'camera.offline',
      startAt: since,
      detail: error ? { error } : null,
    });
  });
}

/**
 * Indexes one complete segment (video.repo.ts indexSegment) and reports a hole in a continuous
 * camera's footage before it as a `recording.gap` event. Returns false when the path was already
 * indexed or the camera is gone.
 *
 * The lease's holder indexes under its fence. A writer that no longer holds the camera (it was cut
 * off from the database while another recorder took it, or it crashed and another indexes what it
 * left) still indexes what it recorded — footage is never dropped — but speaks for nothing else:
 * no gap events, and what overlaps footage already indexed becomes a copy (indexSegment).
 */
export async function insertSegment(db: Db, seg: NewSegment, fence?: WriteFence): Promise<boolean> {
  return db.transaction((tx) => indexOne(tx, seg, fence, false));
}

async function indexOne(
  tx: DbOrTx,
  seg: NewSegment,
  fence: WriteFence | undefined,
  batched: boolean,
): Promise<boolean> {
  const holder = await holdsCamera(tx, seg.cameraId, fence);
  if (!holder && !(await cameraExists(tx, seg.cameraId))) return false;
  const { indexed, gap } = await indexSegment(tx, seg, holder ? 'holder' : 'former', batched);
  if (gap) await reportGap(tx, seg, gap);
  return indexed;
}

/** The hole in a continuous camera's footage before `seg`, as a `recording.gap` event. */
function reportGap(tx: DbOrTx, seg: NewSegment, gap: SegmentGap) {
  return insertEvent(tx, {
    cameraId: seg.cameraId,
    workspaceId: seg.workspaceId,
    kind: 'recording.gap',
    startAt: gap.startAt,
    endAt: gap.endAt,
    detail: { seconds: gap.seconds },
  });
}

/**
 * insertSegment for several segments of one workspace in one transaction: its owner is locked and
 * its usage recounted once, not once per segment. Any failure fails them all (the caller retries
 * each on its own). Returns each segment's `indexed`, in order.
 */
export async function insertSegments(
  db: Db,
  workspaceId: string,
  segs: readonly { seg: NewSegment; fence?: WriteFence }[],
): Promise<boolean[]> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, workspaceId);
    // The common round (one segment per camera, all held, all new) in a handful of statements.
    const round = await indexRound(tx, segs);
    if (round) {
      for (const [i, gap] of round.gaps.entries()) if (gap) await reportGap(tx, segs[i]!.seg, gap);
      await refreshUsage(tx, workspaceId);
      return segs.map(() => true);
    }
    const indexed: boolean[] = [];
    for (const { seg, fence } of segs) indexed.push(await indexOne(tx, seg, fence, true));
    if (indexed.some(Boolean)) await refreshUsage(tx, workspaceId);
    return indexed;
  });
}
