import type { Db } from '@vigil/db';
import {
  PRUNE_NOTICE_DAYS,
  type PruneNotices,
  RECORDINGS_MAX_RANGE_DAYS,
  type Recording,
  SEGMENT_GAP_SECONDS,
  type Timeline,
  type UpdateRecordingInput,
  isValidTimeZone,
} from '@vigil/shared';
import { AppError, RetryLaterError } from '../../lib/app-error.ts';
import type { ScopedActor } from '../../lib/camera-scope.ts';
import { audit } from '../audit/audit.module.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { buildVodPlaylist } from './hls-playlist.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { segmentIndex } from '../segments/segments.module.ts';
import { type RecordingRow, recordingsRepo as repo } from './recordings.repo.ts';
import { ffmpegTools } from '../../video/ffmpeg-binaries.ts';
import { segmentThumbnail } from '../../video/thumbnail.ts';
import { dayBounds, mergeSpans } from './timeline.ts';
import { isoInstant } from '../../lib/iso-instant.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createH264Transcoder } from '../../video/h264-transcode.ts';
import { initSize } from '../../video/mp4-init.ts';

export type RecordingsService = ReturnType<typeof createRecordingsService>;

/** The H.264 copy's URL of a recorded file, signed as the file is (the same path and signature). */
export const h264SegmentUrl = (signedUrl: string, store: string) =>
  `${signedUrl.replace('/segment.mp4?', '/segment-h264.mp4?')}&store=${store === 's3' ? 's3' : 'local'}`;

/** The caller as the service needs it: which workspace they act in, and which of its cameras they may reach. */
export type Actor = ScopedActor;

const GAP_MS = SEGMENT_GAP_SECONDS * 1000;
/** New frame grabs per person: 40 at once while scrubbing, then 60 a minute. */
const THUMBNAIL_BURST = 40;
const THUMBNAILS_PER_MINUTE = 60;
const DAY_MS = 24 * 3600 * 1000;
/** A playlist covers at most a (DST-long) day: a month of 10 s entries would be megabytes of text. */
const VOD_MAX_MS = 25 * 3600 * 1000;

const toRecording = (r: RecordingRow): Recording => ({
  id: r.id,
  cameraId: r.cameraId,
  kind: r.kind as Recording['kind'],
  start: r.startAt.toISOString(),
  end: r.endAt.toISOString(),
  bytes: r.bytes,
  protected: r.protected,
});

function range(fromText: string, toText: string, maxMs: number): { from: Date; to: Date } {
  const from = isoInstant(fromText, 'from');
  const to = isoInstant(toText, 'to');
  if (from.getTime() >= to.getTime() || to.getTime() - from.getTime() > maxMs) throw new AppError('out-of-range');
  return { from, to };
}

export function createRecordingsService(deps: { db: Db; media: MediaStore; ffmpegPath?: string; cacheDir: string }) {
  const thumbnailGrabs = createRateLimiter({ burst: THUMBNAIL_BURST, perMinute: THUMBNAILS_PER_MINUTE });
  const { db, media } = deps;
  // Asked at first use: finding the tools runs them, which nothing at start needs to wait for.
  const ffmpegPath = () => deps.ffmpegPath ?? ffmpegTools().ffmpeg.path;
  const h264 = createH264Transcoder({ ffmpeg: ffmpegPath, dir: path.join(deps.cacheDir, 'h264') });

  async function ownCamera(actor: Actor, cameraId: string) {
    if (!(await repo.cameraExists(db, actor.workspaceId, actor.cameraIds, cameraId))) throw new AppError('not-found');
  }

  return {
    async list(actor: Actor, q: { cameraId: string; from: string; to: string }): Promise<{ items: Recording[] }> {
      const { from, to } = range(q.from, q.to, RECORDINGS_MAX_RANGE_DAYS * DAY_MS);
      await ownCamera(actor, q.cameraId);
      return { items: (await repo.listOverlapping(db, q.cameraId, from, to)).map(toRecording) };
    },

    async timeline(actor: Actor, cameraId: string, q: { day: string; tz: string }): Promise<Timeline> {
      if (!isValidTimeZone(q.tz))
        throw new AppError('invalid-argument', 'Invalid request parameters.', { tz: 'unknown timezone' });
      const bounds = dayBounds(q.day, q.tz);
      if (!bounds) throw new AppError('invalid-argument', 'Invalid request parameters.', { day: 'not a date' });
      await ownCamera(actor, cameraId);
      const [segs, recs] = await Promise.all([
        segmentIndex.overlapping(db, cameraId, bounds.start, bounds.end),
        repo.listOverlapping(db, cameraId, bounds.start, bounds.end),
      ]);
      return {
        day: q.day,
        start: bounds.start.toISOString(),
        end: bounds.end.toISOString(),
        spans: mergeSpans(segs, GAP_MS, bounds.start, bounds.end),
        recordings: recs.map(toRecording),
      };
    },

    /** What the plan's limits made retention delete lately, for the page to say so. */
    async notices(actor: Actor): Promise<PruneNotices> {
      const since = new Date(Date.now() - PRUNE_NOTICE_DAYS * DAY_MS);
      const rows = await repo.latestNotices(db, actor.workspaceId, since);
      return {
        items: rows.map((n) => ({
          id: n.id,
          reason: n.reason as PruneNotices['items'][number]['reason'],
          limit: n.limitValue,
          recordingsRemoved: n.recordingsRemoved,
          bytesRemoved: n.bytesRemoved,
          firstAt: n.firstAt.toISOString(),
          lastAt: n.lastAt.toISOString(),
        })),
      };
    },

    async update(actor: Actor, id: string, input: UpdateRecordingInput): Promise<Recording> {
      return db.transaction(async (tx) => {
        const row = await repo.setProtected(tx, actor.workspaceId, actor.cameraIds, id, input.protected);
        if (!row) throw new AppError('not-found');
        if (input.protected !== undefined)
          await audit.record(tx, {
            action: input.protected ? 'recording.protected' : 'recording.unprotected',
            targetType: 'recording',
            targetId: id,
            details: { cameraId: row.cameraId, start: row.startAt.toISOString(), end: row.endAt.toISOString() },
          });
        return toRecording(row);
      });
    },

    /**
     * The VOD playlist of [from, to). `rendition`: the browser does not decode the footage's codec,
     * so footage that is not H.264 is listed as H.264 copies made on demand (h264-transcode.ts).
     */
    async vodPlaylist(
      actor: Actor,
      cameraId: string,
      q: { from: string; to: string; rendition?: boolean },
    ): Promise<string> {
      const { from, to } = range(q.from, q.to, VOD_MAX_MS);
      await ownCamera(actor, cameraId);
      const segs = await segmentIndex.overlapping(db, cameraId, from, to);
      const urls = await media.playbackUrls(segs);
      const h264 = (s: (typeof segs)[number]) => {
        if (!q.rendition || !s.codec || s.codec.startsWith('avc')) return undefined;
        const url = h264SegmentUrl(media.signedUrl(s.path), s.store);
        return { init: `${url}&part=init`, media: `${url}&part=media` };
      };
      return buildVodPlaylist(
        segs.map((s, i) => ({ ...s, url: urls[i]!, h264: h264(s) })),
        GAP_MS,
      );
    },

    /** The init or media part of a recorded file's H.264 copy (made on first request, then cached). */
    async h264Part(seg: { path: string; store: string }, part: 'init' | 'media'): Promise<Buffer> {
      const source = await media.source(seg);
      const file = await h264.segment(seg.path, source).catch((e) => {
        throw new AppError('unavailable', `This footage could not be converted: ${(e as Error).message}`);
      });
      const buf = await readFile(file);
      const init = initSize(buf);
      return part === 'init' ? buf.subarray(0, init) : buf.subarray(init);
    },

    /** JPEG of the frame nearest `at`, from the segment holding it; not-found where there is no footage. */
    async thumbnail(actor: Actor & { uid: string }, cameraId: string, atText: string): Promise<Buffer> {
      const at = isoInstant(atText, 'at');
      await ownCamera(actor, cameraId);
      const seg = await segmentIndex.at(db, cameraId, at);
      if (!seg) throw new AppError('not-found', 'No footage at that time.');
      const offset = (at.getTime() - seg.startAt.getTime()) / 1000;
      const source = await media.source(seg);
      // Grabs of local files are cached beside them; S3 footage is grabbed over a presigned URL
      // and cached by the browser only (no disk of a `serve` process fills with other machines' frames).
      const cacheBeside = media.isLocal(seg) ? source : null;
      // Frame grabs cost CPU: each person gets a burst for scrubbing, then a steady trickle.
      const mayGrab = () => {
        const wait = thumbnailGrabs.take(actor.uid);
        if (wait)
          throw new RetryLaterError('resource-exhausted', wait, 'Too many thumbnails at once. Please slow down.');
      };
      const grabbed = (s: number) =>
        segmentThumbnail(ffmpegPath(), source, s, mayGrab, cacheBeside).catch((e) => {
          if (e instanceof AppError) throw e;
          return null;
        });
      const jpeg = await grabbed(offset);
      // A time in the segment's last instant may lie past its last frame: fall back to its start.
      const frame = jpeg ?? (offset > 0 ? await grabbed(0) : null);
      if (!frame) throw new AppError('not-found', 'No footage at that time.');
      return frame;
    },
  };
}
