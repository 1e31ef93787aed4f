import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { LiveFeed } from '../../video/live-feed.ts';
import { access } from '../../plugins/access.ts';

/** A serve process that cannot keep up is dropped (it reconnects from the current GOP). */
const MAX_BUFFERED = 8 * 1024 * 1024;
/** How often the stream checks that the camera is still recorded here. */
const HOLD_CHECK_MS = 500;

/**
 * A recorder's live feeds for the other Vigil processes: the camera's fMP4 as it comes out of
 * ffmpeg (init, the fragments since the last keyframe, then every fragment), one stream per serve
 * process however many viewers it has. The stream ends when the camera stops here (moved to
 * another recorder, disabled); the serve process then asks the database who holds it now.
 */
export function liveInternalRoutes(app: FastifyInstance, deps: { feeds: Map<string, LiveFeed> }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/internal/v1/cameras/:id/feed',
    {
      config: { access: access.internal },
      schema: { hide: true, params: z.object({ id: z.string().uuid() }) },
    },
    async (req, reply) => {
      const feed = deps.feeds.get(req.params.id);
      if (!feed) throw new AppError('not-found', 'This process does not record that camera.');
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { 'content-type': 'video/mp4', 'cache-control': 'no-store' });
      const unsubscribe = feed.subscribe((chunk) => {
        if (res.writableLength > MAX_BUFFERED) return void res.destroy();
        res.write(chunk.data);
      });
      const held = setInterval(() => {
        if (deps.feeds.get(req.params.id) !== feed) res.end();
      }, HOLD_CHECK_MS);
      res.on('close', () => {
        clearInterval(held);
        unsubscribe();
      });
    },
  );
}
