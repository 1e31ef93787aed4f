import type { Db } from '@vigil/db';
import { publish } from '../../lib/realtime.ts';
import type { Storage } from '../../lib/storage.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { segmentThumbnail } from '../../video/thumbnail.ts';
import { segmentIndex } from '../segments/segments.module.ts';
import { eventsRepo as repo } from './events.repo.ts';

/**
 * The `event-thumbnail` job (work role): the JPEG of a motion event, grabbed from the recorded
 * footage a second into it and kept in storage beside the workspace's other files. The footage is
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
      if (!ev?.cameraId) return 'gone';
      if (ev.thumbnailKey) return 'done';
      const end = ev.endAt?.getTime() ?? Number.POSITIVE_INFINITY;
      const at = new Date(Math.min(ev.startAt.getTime() + OFFSET_MS, end));
      const seg = await segmentIndex.at(db, ev.cameraId, at);
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
      const key = `workspaces/${ev.workspaceId}/events/${ev.id}.jpg`;
      await storage.put(key, jpeg, 'image/jpeg');
      await db.transaction(async (tx) => {
        await repo.setThumbnail(tx, ev.id, key);
        await publish(tx, { topic: 'events', workspaceId: ev.workspaceId, id: ev.id, cameraId: ev.cameraId });
      });
      return 'done';
    },
  };
}
