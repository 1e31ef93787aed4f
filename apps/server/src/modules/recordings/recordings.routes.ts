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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import type { RecordingsService } from './recordings.service.ts';

const tags = ['recordings'];
const idParams = z.object({ id: z.string().uuid() });
const rangeQuery = z.object({ from: z.string().max(40), to: z.string().max(40) });
// Every member of the workspace watches recordings; protecting one is a manager's call (DESIGN §2).
const readers = access.signedIn;
const editors = access.roles('manager', 'admin');

const actor = (req: FastifyRequest) => scopedActor(req.session!);

export function recordingsRoutes(app: FastifyInstance, deps: { recordings: RecordingsService; media: MediaStore }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { recordings, media } = deps;

  r.get(
    '/api/v1/recordings',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Recordings of a camera overlapping [from, to) (ISO times, at most 31 days)',
        querystring: recordingsQuerySchema,
        response: { 200: recordingsListSchema },
      },
    },
    async (req) => recordings.list(actor(req), req.query),
  );

  r.get(
    '/api/v1/recordings/notices',
    {
      config: { access: readers },
      schema: {
        tags,
        summary:
          'Footage the plan limits (maxStorage, maxRecordings) made retention delete lately: the latest per limit',
        response: { 200: pruneNoticesSchema },
      },
    },
    async (req) => recordings.notices(actor(req)),
  );

  r.patch(
    '/api/v1/recordings/:id',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Protect a recording from pruning (or release it)',
        params: idParams,
        body: updateRecordingSchema,
        response: { 200: recordingSchema },
      },
    },
    async (req) => recordings.update(actor(req), req.params.id, req.body),
  );

  r.get(
    '/api/v1/cameras/:id/timeline',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Recorded spans and recordings of one local day (gaps are what lies between spans)',
        params: idParams,
        querystring: timelineQuerySchema,
        response: { 200: timelineSchema },
      },
    },
    async (req) => recordings.timeline(actor(req), req.params.id, { day: req.query.day, tz: req.query.tz ?? 'UTC' }),
  );

  r.get(
    '/api/v1/cameras/:id/vod.m3u8',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'HLS v7 VOD playlist of [from, to) from the segment index',
        params: idParams,
        querystring: rangeQuery,
      },
    },
    async (req, reply) => {
      const text = await recordings.vodPlaylist(actor(req), req.params.id, req.query);
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', 'no-store')
        .send(text);
    },
  );

  r.get(
    '/api/v1/cameras/:id/thumbnail',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'JPEG of the recorded frame nearest `at`',
        params: idParams,
        querystring: z.object({ at: z.string().max(40) }),
      },
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

  r.get(
    '/api/v1/media/segment.mp4',
    {
      // The HMAC signature is the permission: <video>/hls.js fetch segments without headers.
      config: { access: access.public },
      schema: {
        tags,
        summary: 'A recorded segment through a signed URL; honours Range (206)',
        querystring: z.object({
          path: z.string().min(1).max(400),
          expires: z.coerce.number(),
          signature: z.string().max(100),
        }),
      },
    },
    async (req, reply) => {
      const { path: rel, expires, signature } = req.query;
      if (!media.verify(rel, expires, signature)) throw new AppError('permission-denied');
      reply.header('content-type', 'video/mp4').header('cache-control', 'private, max-age=3600');
      return sendFileWithRanges(reply, req.headers.range, media.resolve(rel));
    },
  );
}
