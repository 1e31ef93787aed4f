import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { access } from '../../plugins/access.ts';
import { codecFromInit } from './live-codec.ts';
import type { LiveService } from './live.service.ts';

const tags = ['live'];
const idParams = z.object({ id: z.string().uuid() });
/** Over this much unsent data the viewer is too slow: drop fragments until the next keyframe. */
const MAX_BUFFERED = 2 * 1024 * 1024;
/** A feed that exists but has not produced its init yet (ffmpeg starting) gets this long. */
const INIT_WAIT_MS = 15_000;

/** Close codes the client understands (4000-4999 are the application's). */
export const LIVE_CLOSE = {
  refused: 4403,
  offline: 4404,
} as const;

const actor = (req: FastifyRequest) => ({ workspaceId: req.session!.user.workspaceId });

export function liveRoutes(app: FastifyInstance, deps: { live: LiveService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { live } = deps;

  r.post(
    '/api/v1/cameras/:id/live-ticket',
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: 'A short-lived signed URL for the live WebSocket (browsers cannot set headers on it)',
        params: idParams,
        response: { 200: z.object({ url: z.string(), expiresAt: z.string() }) },
      },
    },
    async (req) => live.ticket(actor(req), req.params.id),
  );

  app.route({
    method: 'GET',
    url: '/api/v1/cameras/:id/live.mp4ws',
    // The signed ticket (or the session cookie, checked below) is the permission.
    config: { access: access.public },
    schema: { tags, summary: 'Live fragmented MP4 over WebSocket (MSE): a codec JSON text, then init, then fragments' },
    // A plain HTTP request (no upgrade) gets a clean 4xx.
    handler: async () => {
      throw new AppError('failed-precondition', 'This endpoint speaks WebSocket only.');
    },
    wsHandler: (socket: WebSocket, req: FastifyRequest) => {
      void serve(socket, req, live).catch((e) => {
        req.log.warn({ err: e }, 'live socket failed');
        socket.close(1011, 'Internal error');
      });
    },
  });
}

async function serve(socket: WebSocket, req: FastifyRequest, live: LiveService) {
  const cameraId = (req.params as { id?: string }).id ?? '';
  const q = req.query as { expires?: string; signature?: string };
  const ok =
    idParams.safeParse({ id: cameraId }).success &&
    (q.signature
      ? live.verify(cameraId, Number(q.expires), q.signature)
      : req.session
        ? await live.mayWatch(actor(req), cameraId)
        : false);
  if (!ok) return socket.close(LIVE_CLOSE.refused, 'Not allowed');
  const feed = live.feed(cameraId);
  if (!feed) return socket.close(LIVE_CLOSE.offline, 'Camera is offline');

  let dropping = false;
  let started = false;
  const waitInit = setTimeout(() => {
    if (!started) socket.close(LIVE_CLOSE.offline, 'Camera is offline');
  }, INIT_WAIT_MS);
  const unsubscribe = feed.subscribe((chunk) => {
    if (socket.readyState !== socket.OPEN) return;
    if (chunk.type === 'init') {
      // First init, or the stream restarted: the client resets its SourceBuffer on a codec message.
      started = true;
      dropping = false;
      socket.send(JSON.stringify({ codec: codecFromInit(chunk.data) }));
      socket.send(chunk.data);
      return;
    }
    if (!started) return;
    if (socket.bufferedAmount > MAX_BUFFERED) dropping = true;
    if (dropping) {
      if (!chunk.keyframe || socket.bufferedAmount > MAX_BUFFERED) return;
      dropping = false;
    }
    socket.send(chunk.data);
  });
  const stop = () => {
    clearTimeout(waitInit);
    unsubscribe();
  };
  socket.on('close', stop);
  socket.on('error', stop);
  if (socket.readyState !== socket.OPEN) stop();
}
