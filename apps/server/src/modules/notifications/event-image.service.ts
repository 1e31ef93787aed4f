import type { Db } from '@vigil/db';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../lib/storage.ts';
import { imageLinkValid } from './event-image.ts';
import { loadNotifiedEvent } from './notified-event.repo.ts';

/**
 * The picture a push notification, a webhook or an MQTT consumer shows, by a signed link: the
 * event's own thumbnail once the footage made it; before that (a push arrives within a second of
 * the motion, the thumbnail some seconds later), the camera's live picture of that moment.
 */
export function createEventImageService(deps: {
  db: Db;
  storage: Storage;
  authSecret: string;
  snapshot(workspaceId: string, cameraId: string): Promise<Buffer>;
}) {
  return {
    async picture(eventId: string, exp: number, sig: string): Promise<{ redirect: string } | { jpeg: Buffer }> {
      // A wrong or expired signature looks like an unknown event: the link proves nothing else.
      if (!imageLinkValid(deps.authSecret, eventId, exp, sig))
        throw new AppError('not-found', 'This picture link is invalid or has expired.');
      const event = await loadNotifiedEvent(deps.db, eventId);
      if (!event?.cameraId) throw new AppError('not-found');
      if (event.thumbnailKey) return { redirect: await deps.storage.signedUrl(event.thumbnailKey) };
      return { jpeg: await deps.snapshot(event.workspaceId, event.cameraId) };
    },
  };
}
export type EventImageService = ReturnType<typeof createEventImageService>;
