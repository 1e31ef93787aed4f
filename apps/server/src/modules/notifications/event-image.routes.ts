import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';
import type { EventImageService } from './event-image.service.ts';

export function eventImageRoutes(app: FastifyInstance, deps: { images: EventImageService }) {
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
      const pic = await deps.images.picture(req.params.id, req.query.exp, req.query.sig);
      if ('redirect' in pic) return reply.redirect(pic.redirect, 302);
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=60').send(pic.jpeg);
    },
  );
}
