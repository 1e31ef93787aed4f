import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { sendFileWithRanges } from '../../lib/send-range.ts';
import {
  pruneNoticesSchema,
  recordingSchema,
  recordingsListSchema,
  recordingsQuerySchema,
  timelineQuerySchema,
  timelineSchema,
  updateRecordingSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import type { RecordingsService } from './recordings.service.ts';

const tags = ['recordings'];
const rangeQuery = z.object({ from: z.string().max(40), to: z.string().max(40) });
// Every member of the workspace watches recordings; protecting one is a manager's call (DESIGN §2).
const readers = access.signedIn;
const editors = access.roles('manager', 'admin');

const actor = (req: FastifyRequest) => scopedActor(req.session!);

export function recordingsRoutes(
  app: FastifyInstance,
  { recordings, media }: { recordings: RecordingsService; media: MediaStore },
) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/recordings',
    {
      access: readers,
      summary: 'Recordings of a camera overlapping [from, to) (ISO times, at most 31 days)',
      querystring: recordingsQuerySchema,
      response: recordingsListSchema,
    },
    (req) => recordings.list(actor(req), req.query),
  );

  route.get(
    '/api/v1/recordings/notices',
    {
      access: readers,
      summary: 'Footage the plan limits (maxStorage, maxRecordings) made retention delete lately: the latest per limit',
      response: pruneNoticesSchema,
    },
    (req) => recordings.notices(actor(req)),
  );

  route.patch(
    '/api/v1/recordings/:id',
    {
      access: editors,
      summary: 'Protect a recording from pruning (or release it)',
      params: idParams,
      body: updateRecordingSchema,
      response: recordingSchema,
    },
    (req) => recordings.update(actor(req), req.params.id, req.body),
  );

  route.get(
    '/api/v1/cameras/:id/timeline',
    {
      access: readers,
      summary: 'Recorded spans and recordings of one local day (gaps are what lies between spans)',
      params: idParams,
      querystring: timelineQuerySchema,
      response: timelineSchema,
    },
    (req) => recordings.timeline(actor(req), req.params.id, { day: req.query.day, tz: req.query.tz ?? 'UTC' }),
  );

  route.get(
    '/api/v1/cameras/:id/vod.m3u8',
    {
      access: readers,
      summary: 'HLS v7 VOD playlist of [from, to) from the segment index',
      params: idParams,
      querystring: rangeQuery.extend({ rendition: z.enum(['0', '1']).optional() }),
    },
    async (req, reply) => {
      const { rendition, ...q } = req.query;
      const text = await recordings.vodPlaylist(actor(req), req.params.id, { ...q, rendition: rendition === '1' });
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', 'no-store')
        .send(text);
    },
  );

  route.get(
    '/api/v1/cameras/:id/thumbnail',
    {
      access: readers,
      summary: 'JPEG of the recorded frame nearest `at`',
      params: idParams,
      querystring: z.object({ at: z.string().max(40) }),
    },
    async (req, reply) => {
      const jpeg = await recordings.thumbnail(
        { ...actor(req), uid: req.session!.user.id },
        req.params.id,
        req.query.at,
      );
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=3600').send(jpeg);
    },
  );

  route.get(
    '/api/v1/media/segment.mp4',
    {
      // The HMAC signature is the permission: <video>/hls.js fetch segments without headers.
      access: access.public,
      summary: 'A recorded segment through a signed URL; honours Range (206)',
      querystring: z.object({
        path: z.string().min(1).max(400),
        expires: z.coerce.number(),
        signature: z.string().max(100),
      }),
    },
    (req, reply) => {
      const { path: rel, expires, signature } = req.query;
      if (!media.verify(rel, expires, signature)) throw new AppError('permission-denied');
      reply.header('content-type', 'video/mp4').header('cache-control', 'private, max-age=3600');
      return sendFileWithRanges(reply, req.headers.range, media.resolve(rel));
    },
  );

  route.get(
    '/api/v1/media/segment-h264.mp4',
    {
      // The recorded file's HMAC signature is the permission (hls.js fetches without headers).
      access: access.public,
      summary:
        'An H.264 copy of a recorded segment (init or media part), made on demand for browsers without its codec',
      querystring: z.object({
        path: z.string().min(1).max(400),
        expires: z.coerce.number(),
        signature: z.string().max(100),
        store: z.enum(['local', 's3']),
        part: z.enum(['init', 'media']),
      }),
    },
    async (req, reply) => {
      const { path: rel, expires, signature, store, part } = req.query;
      if (!media.verify(rel, expires, signature)) throw new AppError('permission-denied');
      const data = await recordings.h264Part({ path: rel, store }, part);
      return reply.header('content-type', 'video/mp4').header('cache-control', 'private, max-age=3600').send(data);
    },
  );
}
