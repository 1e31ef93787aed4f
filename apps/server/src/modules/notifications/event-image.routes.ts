import type { Storage } from '../../lib/storage.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '@vigil/db';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { access } from '../../plugins/access.ts';
import { imageLinkValid } from './event-image.ts';
import { loadNotifiedEvent } from './notified-event.repo.ts';

/**
 * The picture a push notification, a webhook or an MQTT consumer shows, by a signed link: the
 * event's own thumbnail once the footage made it; before that (a push arrives within a second of
 * the motion, the thumbnail some seconds later), the camera's live picture of that moment.
 */
export function eventImageRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    storage: Storage;
    authSecret: string;
    snapshot(workspaceId: string, cameraId: string): Promise<Buffer>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/notifications/events/:id/image',
    {
      // The signature is the permission: a notification shows it with no session.
      config: { access: access.public },
      schema: {
        tags: ['notifications'],
        summary: 'An event’s picture by a signed link (from a notification or webhook): JPEG or a redirect to it',
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      if (!imageLinkValid(deps.authSecret, req.params.id, req.query.exp, req.query.sig))
        throw new AppError('not-found', 'This picture link is invalid or has expired.');
      const event = await loadNotifiedEvent(deps.db, req.params.id);
      if (!event?.cameraId) throw new AppError('not-found');
      if (event.thumbnailKey) return reply.redirect(await deps.storage.signedUrl(event.thumbnailKey), 302);
      const jpeg = await deps.snapshot(event.workspaceId, event.cameraId);
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=60').send(jpeg);
    },
  );
}
