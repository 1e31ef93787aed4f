import type { Db } from '@vigil/db';
import type { Storage } from '../../lib/storage.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { segmentThumbnail } from '../../video/thumbnail.ts';
import { segmentIndex } from '../segments/segments.module.ts';
import { eventPictureKey, setEventPicture } from './event-log.service.ts';
import { eventsRepo as repo } from './events.repo.ts';

/**
 * The `event-thumbnail` job (work role): the JPEG of a motion event, grabbed from the recorded
 * footage a second into it and kept in storage beside the workspace's other files, when the
 * recorder has not already kept the keyframe that started the motion (camera-motion-events.ts:
 * a camera whose motion comes from a decoded stream, or that picture failed). The footage is
 * indexed a few seconds after the moment (when its segment closes), so until then the job fails and
 * the queue retries it; a camera that records nothing then (recording off) gets no thumbnail.
 */
const OFFSET_MS = 1000;
/** After this long without footage for the moment, there will be none. */
const GIVE_UP_MS = 120_000;

export class FootageNotYetIndexed extends Error {}

export function createEventThumbnailTask(deps: { db: Db; media: MediaStore; storage: Storage; ffmpegPath: string }) {
  const { db, media, storage } = deps;
  return {
    async run(eventId: string): Promise<'done' | 'no-footage' | 'gone'> {
      const ev = await repo.getById(db, eventId);
      const cameraId = ev?.cameraId;
      if (!ev || !cameraId) return 'gone';
      if (ev.thumbnailKey) return 'done';
      const end = ev.endAt?.getTime() ?? Number.POSITIVE_INFINITY;
      const at = new Date(Math.min(ev.startAt.getTime() + OFFSET_MS, end));
      const seg = await segmentIndex.at(db, cameraId, at);
      if (!seg) {
        if (Date.now() - at.getTime() < GIVE_UP_MS)
          throw new FootageNotYetIndexed('the footage of the event is not indexed yet');
        return 'no-footage';
      }
      const source = await media.source(seg);
      const offset = Math.max(0, (at.getTime() - seg.startAt.getTime()) / 1000);
      // No cache beside the segment: the picture is kept in storage instead.
      const jpeg =
        (await segmentThumbnail(deps.ffmpegPath, source, offset, undefined, null)) ??
        (await segmentThumbnail(deps.ffmpegPath, source, 0, undefined, null));
      if (!jpeg) return 'no-footage';
      const key = eventPictureKey(ev.workspaceId, ev.id);
      await storage.put(key, jpeg, 'image/jpeg');
      await db.transaction((tx) => setEventPicture(tx, { id: ev.id, workspaceId: ev.workspaceId, cameraId }, key));
      return 'done';
    },
  };
}
