import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import { codecFromInit } from './live-codec.ts';
import { mseAudioCodec, readAudioInfo } from '../../video/audio-info.ts';
import type { LiveService, TicketHolder, Viewer } from './live.service.ts';

const tags = ['live'];
/** Over this much unsent data the viewer is too slow: drop fragments until the next keyframe. */
const MAX_BUFFERED = 2 * 1024 * 1024;
/** A feed that exists but has not produced its init yet (ffmpeg starting) gets this long. */
const INIT_WAIT_MS = 15_000;
/** A new HLS viewer's first playlist waits for one whole GOP at most this long. */
const HLS_FIRST_SEGMENT_MS = 12_000;

/** Close codes the client understands (4000-4999 are the application's). */
export const LIVE_CLOSE = {
  refused: 4403,
  offline: 4404,
  /** The browser asked for the H.264 rendition and the server runs as many transcodes as it may. */
  transcodeLimit: 4429,
} as const;

/** `rendition=1`: the browser does not decode the camera's codec and asks for its H.264 rendition. */
const wantsRendition = (req: FastifyRequest) => (req.query as Record<string, string | undefined>).rendition === '1';

/** The signed-in person as the live services know them: their scope, and the session what they open belongs to. */
export const viewer = (req: FastifyRequest): Viewer => ({
  ...scopedActor(req.session!),
  uid: req.session!.user.id,
  sessionId: req.session!.tokenHash,
});

/** Who may watch: the holder of a valid ticket whose session still lives, or a same-origin session. */
async function authorize(req: FastifyRequest, live: LiveService, cameraId: string): Promise<TicketHolder | undefined> {
  if (!idParams.safeParse({ id: cameraId }).success) return undefined;
  const q = req.query as Record<string, string | undefined>;
  if (q.signature) return live.verify(cameraId, q);
  if (req.session && (await live.mayWatch(viewer(req), cameraId))) return viewer(req);
  return undefined;
}

export function liveRoutes(app: FastifyInstance, { live }: { live: LiveService }) {
  const route = apiRoutes(app, tags);

  route.post(
    '/api/v1/cameras/:id/live-ticket',
    {
      access: access.personOnly(access.signedIn),
      summary: 'Short-lived signed URLs for the live WebSocket (MSE) and live HLS (media elements send no headers)',
      params: idParams,
      response: z.object({ url: z.string(), hlsUrl: z.string(), expiresAt: z.string() }),
    },
    (req) => live.ticket(viewer(req), req.params.id),
  );

  route.post(
    '/api/v1/cameras/:id/webrtc',
    {
      access: access.personOnly(access.signedIn),
      summary: 'WebRTC live view: the browser offer (recvonly video, candidates gathered) in, the answer out',
      params: idParams,
      body: z.object({ sdp: z.string().min(1).max(20_000) }),
      response: z.object({ sessionId: z.string(), sdp: z.string() }),
    },
    (req) => live.webrtcAnswer(viewer(req), req.params.id, req.body.sdp),
  );

  route.delete(
    '/api/v1/cameras/:id/webrtc/:sessionId',
    {
      access: access.personOnly(access.signedIn),
      summary: 'Ends a WebRTC live session',
      params: idParams.extend({ sessionId: z.string().uuid() }),
      status: 204,
    },
    (req) => live.webrtcHangUp(viewer(req), req.params.id, req.params.sessionId),
  );

  route.get(
    '/api/v1/cameras/:id/snapshot',
    {
      access: access.signedIn,
      summary: 'JPEG (640 px wide) of the camera’s current picture, from its live feed: to draw motion zones on',
      params: idParams,
    },
    async (req, reply) => {
      const jpeg = await live.snapshot(viewer(req), req.params.id);
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'no-store').send(jpeg);
    },
  );

  app.route({
    method: 'GET',
    url: '/api/v1/cameras/:id/live.mp4ws',
    // The signed ticket (or the session cookie, checked below) is the permission.
    config: { access: access.personOnly(access.public) },
    schema: { tags, summary: 'Live fragmented MP4 over WebSocket (MSE): a codec JSON text, then init, then fragments' },
    // A plain HTTP request (no upgrade) gets a clean 4xx.
    handler: async () => {
      throw new AppError('failed-precondition', 'This endpoint speaks WebSocket only.');
    },
    wsHandler: (socket: WebSocket, req: FastifyRequest) => {
      void serveSocket(socket, req, live).catch((e) => {
        req.log.warn({ err: e }, 'live socket failed');
        socket.close(1011, 'Internal error');
      });
    },
  });

  const hlsFile = async (req: FastifyRequest, reply: FastifyReply, file: string) => {
    const cameraId = (req.params as { id: string }).id;
    // Without a valid signature or session the camera might as well not exist (as for other workspaces).
    if (!(await authorize(req, live, cameraId))) throw new AppError('not-found');
    const hls = await live.hls(cameraId, wantsRendition(req));
    if (!hls)
      throw file === 'index.m3u8' ? new AppError('unavailable', 'Camera is offline.') : new AppError('not-found');
    reply.header('cache-control', 'no-store');
    if (file === 'index.m3u8') {
      if (!(await hls.ready(HLS_FIRST_SEGMENT_MS))) throw new AppError('unavailable', 'Camera is offline.');
      const q = new URLSearchParams(req.query as Record<string, string>);
      // Blocking reload (LL-HLS): hold the answer until the named segment/part exists.
      const msn = q.get('_HLS_msn');
      if (msn !== null) {
        const part = q.get('_HLS_part');
        if (!/^\d{1,12}$/.test(msn) || (part !== null && !/^\d{1,4}$/.test(part)))
          throw new AppError('invalid-argument', '_HLS_msn and _HLS_part are whole numbers.');
        if (!(await hls.waitFor(Number(msn), part === null ? undefined : Number(part))))
          throw new AppError('invalid-argument', '_HLS_msn is more than two segments ahead of the live edge.');
      }
      // The signature (and the rendition choice) go on every URI; the reload directives do not.
      for (const k of [...q.keys()]) if (k.startsWith('_HLS_')) q.delete(k);
      const suffix = q.size ? `?${q}` : '';
      return reply.type('application/vnd.apple.mpegurl').send(hls.playlist((name) => `${name}${suffix}`));
    }
    const part = /^(\d+)\.(\d+)\.m4s$/.exec(file);
    const data =
      file === 'init.mp4'
        ? hls.initSegment()
        : part
          ? await hls.part(Number(part[1]), Number(part[2]))
          : hls.segment(Number(file.replace(/\.m4s$/, '')));
    if (!data) throw new AppError('not-found');
    return reply.type('video/mp4').send(data);
  };
  route.get(
    '/api/v1/cameras/:id/live/:file',
    {
      // The signed URL (or the session cookie, checked in hlsFile) is the permission.
      access: access.personOnly(access.public),
      summary:
        'Live Low-Latency HLS (last-resort transport): index.m3u8 (blocking reload with _HLS_msn/_HLS_part), init.mp4, <n>.m4s segments and <n>.<part>.m4s parts, by signed URL or session',
      params: idParams.extend({ file: z.string().regex(/^(index\.m3u8|init\.mp4|\d{1,12}(\.\d{1,4})?\.m4s)$/) }),
    },
    (req, reply) => hlsFile(req, reply, req.params.file),
  );
}

async function serveSocket(socket: WebSocket, req: FastifyRequest, live: LiveService) {
  const cameraId = (req.params as { id?: string }).id ?? '';
  const holder = await authorize(req, live, cameraId);
  if (!holder) return socket.close(LIVE_CLOSE.refused, 'Not allowed');
  const rendition = wantsRendition(req);
  let feed: Awaited<ReturnType<LiveService['feed']>>;
  try {
    feed = await live.feed(cameraId, rendition);
  } catch (e) {
    if (e instanceof AppError && e.code === 'live/transcode-limit')
      return socket.close(LIVE_CLOSE.transcodeLimit, 'Too many transcodes');
    throw e;
  }
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
      // The sound's codec joins the picture's: one SourceBuffer plays both tracks in step.
      const audio = mseAudioCodec(readAudioInfo(chunk.data));
      const video = codecFromInit(chunk.data);
      socket.send(JSON.stringify({ codec: audio ? `${video},${audio}` : video, rendition }));
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
  const untrack = live.track(holder, () => socket.close(LIVE_CLOSE.refused, 'Signed out'));
  const stop = () => {
    clearTimeout(waitInit);
    unsubscribe();
    untrack();
  };
  socket.on('close', stop);
  socket.on('error', stop);
  if (socket.readyState !== socket.OPEN) stop();
}
