import { type Db, type DbOrTx, lockOwner, refreshUsage, schema } from '@vigil/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Fence, holdsLease } from '../cluster/cluster.repo.ts';
import { publish } from '../lib/realtime.ts';
import type { VideoInfo } from './stream-info.ts';

/** The recorder's only SQL: camera status, the segment index, recordings and usage counters. */
const { cameras, recordings, segments } = schema;

export type CameraRow = typeof cameras.$inferSelect;

/** A recording is extended while segments follow within this gap… */
export const MAX_GAP_MS = 2000;
/** …and while it stays under an hour. */
export const MAX_RECORDING_MS = 3_600_000;
/**
 * A continuous camera's footage missing for this long is a `recording.gap` event (a reconnect
 * loses a second or two; a day-long hole is the camera being disabled, not a gap to report).
 */
export const GAP_EVENT_MS = 10_000;
const GAP_EVENT_MAX_MS = 86_400_000;

export interface NewSegment {
  cameraId: string;
  workspaceId: string;
  kind: 'continuous' | 'motion';
  startAt: Date;
  endAt: Date;
  bytes: number;
  path: string;
  initBytes: number;
  /** The video as recorded (video-codec.ts): RFC 6381 codec string, profile, level. */
  codec?: string | null;
  profile?: string | null;
  level?: string | null;
  /** Where the bytes are: the media folder ('local', the default), or the bucket under the same key. */
  store?: 'local' | 's3';
}

/**
 * What a recorder's write carries: the lease it holds (checked and locked in the write's own
 * transaction), `null` when it holds none any more (the write is refused), or nothing at all for
 * writers outside the lease system (tests, tools).
 */
export type WriteFence = Fence | null | undefined;

async function fenced(tx: Parameters<typeof holdsLease>[0], cameraId: string, fence: WriteFence): Promise<boolean> {
  if (fence === undefined) return true;
  return fence !== null && (await holdsLease(tx, cameraId, fence));
}

/**
 * Whether the recorder still holds the camera under this fence now (no fence: no lease system);
 * inside a transaction, the lease row stays locked (FOR SHARE) until it ends.
 */
export function holdsCamera(db: DbOrTx, cameraId: string, fence: WriteFence): Promise<boolean> {
  return fenced(db, cameraId, fence);
}

/** Whether the camera still exists (its row kept FOR SHARE: a delete waits for the write to end). */
export async function cameraExists(tx: DbOrTx, cameraId: string): Promise<boolean> {
  const r = await tx.execute(sql`select 1 from ${cameras} where id = ${cameraId} for share`);
  return r.rows.length > 0;
}

export async function loadCameras(db: Db, id?: string): Promise<CameraRow[]> {
  return id ? db.select().from(cameras).where(eq(cameras.id, id)) : db.select().from(cameras);
}

/** A status change of the camera (its row locked); false when the camera is gone. */
export async function setStatus(tx: DbOrTx, cameraId: string, status: string, lastError: string | null, now: Date) {
  const [prev] = await tx
    .select({ status: cameras.status })
    .from(cameras)
    .where(eq(cameras.id, cameraId))
    .for('update');
  if (!prev) return false; // deleted meanwhile
  await tx
    .update(cameras)
    .set({ status, lastError, ...(prev.status !== status ? { statusChangedAt: now } : {}) })
    .where(eq(cameras.id, cameraId));
  return true;
}

/** A footage gap before a segment, to be written as a `recording.gap` event. */
export interface SegmentGap {
  startAt: Date;
  endAt: Date;
  seconds: number;
}

/**
 * The primary footage of the camera overlapping the segment by more than MAX_GAP_MS (half the
 * segment's length when shorter), if any:
 * a segment that lands on such footage is a second copy (see `copy` in the schema).
 */
async function overlapsPrimary(tx: DbOrTx, seg: NewSegment): Promise<boolean> {
  const b = overlapBounds(seg);
  const r = await tx.execute(sql`
    select 1 from ${segments}
    where camera_id = ${seg.cameraId} and not copy
      and start_at > ${b.startAfter}::timestamptz and start_at < ${b.startBefore}::timestamptz
      and end_at > ${b.endAfter}::timestamptz
    limit 1`);
  return r.rows.length > 0;
}

/** The range (ISO text) an overlapping primary segment starts and ends in, for overlapsPrimary. */
export function overlapBounds(seg: NewSegment): { startAfter: string; startBefore: string; endAfter: string } {
  // Short segments (tests cut 2 s ones) overlap a duplicate by their whole length: half of it counts.
  const tolerance = Math.min(MAX_GAP_MS, (seg.endAt.getTime() - seg.startAt.getTime()) / 2);
  return {
    startAfter: new Date(seg.startAt.getTime() - MAX_SEGMENT_SPAN_MS).toISOString(),
    startBefore: new Date(seg.endAt.getTime() - tolerance).toISOString(),
    endAfter: new Date(seg.startAt.getTime() + tolerance).toISOString(),
  };
}

/** No segment the recorder writes is longer (it cuts ~10 s): bounds the overlap range scan. */
const MAX_SEGMENT_SPAN_MS = 10 * 60 * 1000;

/** The recording a segment starts when it extends none: its span, kind and bytes. */
export const recordingOf = (seg: NewSegment) => ({
  cameraId: seg.cameraId,
  workspaceId: seg.workspaceId,
  kind: seg.kind,
  startAt: seg.startAt,
  endAt: seg.endAt,
  bytes: seg.bytes,
});

/** A camera's latest recording, as a new segment is attached to it. */
export interface OpenRecording {
  id: string;
  kind: string;
  startAt: Date;
  endAt: Date;
}

/**
 * Whether a segment extends the camera's latest recording (it follows within MAX_GAP_MS, is of its
 * kind, and the recording stays under MAX_RECORDING_MS) or starts a new one, and the hole before it
 * that the lease's holder reports for a continuous camera.
 */
export function attachment(
  open: OpenRecording | undefined,
  seg: NewSegment,
  writer: 'holder' | 'former',
): { extend: boolean; gap?: SegmentGap } {
  if (!open) return { extend: false };
  const gapMs = seg.startAt.getTime() - open.endAt.getTime();
  const extend =
    open.kind === seg.kind &&
    gapMs <= MAX_GAP_MS &&
    gapMs > -MAX_GAP_MS &&
    seg.endAt.getTime() - open.startAt.getTime() <= MAX_RECORDING_MS;
  const gap =
    writer === 'holder' &&
    open.kind === 'continuous' &&
    seg.kind === 'continuous' &&
    gapMs >= GAP_EVENT_MS &&
    gapMs < GAP_EVENT_MAX_MS
      ? { startAt: open.endAt, endAt: seg.startAt, seconds: Math.round(gapMs / 1000) }
      : undefined;
  return { extend, gap };
}

/**
 * Indexes one complete segment and attaches it to the camera's recording: the open one is
 * extended when the segment follows within 2 s and the result stays under an hour, otherwise a
 * new recording starts. `indexed` is false when the path was already indexed; `gap` is the hole a
 * continuous camera's footage has before it, if one worth reporting (only asked by the lease's
 * holder: `writer` 'holder'). A segment that overlaps primary footage already indexed — written by
 * a recorder cut off from the database while another recorded the camera — is kept as a copy,
 * outside any recording.
 */
export async function indexSegment(
  tx: DbOrTx,
  seg: NewSegment,
  writer: 'holder' | 'former' = 'holder',
  /** In a batch (camera-writes.ts insertSegments): the owner is locked and its usage recounted once for all. */
  batched = false,
): Promise<{ indexed: boolean; copy?: boolean; gap?: SegmentGap }> {
  if (!batched) await lockOwner(tx, seg.workspaceId);
  const [exists] = await tx.select({ id: segments.id }).from(segments).where(eq(segments.path, seg.path));
  if (exists) return { indexed: false };
  if (await overlapsPrimary(tx, seg)) {
    await tx.insert(segments).values({ ...seg, recordingId: null, copy: true });
    if (!batched) await refreshUsage(tx, seg.workspaceId);
    return { indexed: true, copy: true };
  }
  const [open] = await tx
    .select()
    .from(recordings)
    .where(eq(recordings.cameraId, seg.cameraId))
    .orderBy(desc(recordings.endAt))
    .limit(1)
    .for('update');
  const { extend, gap } = attachment(open, seg, writer);
  let recordingId: string;
  if (open && extend) {
    recordingId = open.id;
    await tx
      .update(recordings)
      .set({
        endAt: sql`greatest(${recordings.endAt}, ${seg.endAt.toISOString()}::timestamptz)`,
        bytes: sql`${recordings.bytes} + ${seg.bytes}`,
      })
      .where(eq(recordings.id, open.id));
  } else {
    const [rec] = await tx.insert(recordings).values(recordingOf(seg)).returning({ id: recordings.id });
    recordingId = rec!.id;
  }
  await tx.insert(segments).values({ ...seg, recordingId });
  if (!batched) await refreshUsage(tx, seg.workspaceId);
  return { indexed: true, gap };
}

export async function listSegments(db: DbOrTx, cameraId: string) {
  return db
    .select({ id: segments.id, path: segments.path, recordingId: segments.recordingId, store: segments.store })
    .from(segments)
    .where(eq(segments.cameraId, cameraId));
}

/** Removes index rows whose files are gone and re-derives their recordings (bytes, span; empty ones go). */
export async function deleteSegments(db: Db, workspaceId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.transaction(async (tx) => {
    await lockOwner(tx, workspaceId);
    const gone = await tx.delete(segments).where(inArray(segments.id, ids)).returning({ rec: segments.recordingId });
    const recIds = [...new Set(gone.map((g) => g.rec).filter((r): r is string => Boolean(r)))];
    if (recIds.length) {
      await tx.execute(sql`
        update ${recordings} r set
          bytes = s.bytes, start_at = s.start_at, end_at = s.end_at
        from (select recording_id, sum(bytes)::bigint as bytes, min(start_at) as start_at, max(end_at) as end_at
              from ${segments} where recording_id in ${recIds} group by recording_id) s
        where r.id = s.recording_id`);
      await tx
        .delete(recordings)
        .where(
          and(
            inArray(recordings.id, recIds),
            eq(recordings.protected, false),
            sql`not exists (select 1 from ${segments} where recording_id = ${recordings.id})`,
          ),
        );
    }
    await refreshUsage(tx, workspaceId);
  });
}

/**
 * Records what the camera really sends (codec, size, rate, read from its stream) when it differs
 * from the row, and tells the cameras page. Returns whether the row changed.
 */
export async function writeVideoInfo(
  db: Db,
  cam: { id: string; workspaceId: string },
  info: VideoInfo,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(cameras)
      .set({
        videoCodec: info.codec,
        width: info.width,
        height: info.height,
        fps: info.fps,
        videoCodecString: info.codecString,
        videoProfile: info.profile,
        videoLevel: info.level,
      })
      .where(
        and(
          eq(cameras.id, cam.id),
          sql`(${cameras.videoCodec}, ${cameras.width}, ${cameras.height}, ${cameras.fps}, ${cameras.videoCodecString}, ${cameras.videoProfile}) is distinct from (${info.codec}::text, ${info.width}::int, ${info.height}::int, ${info.fps}::int, ${info.codecString}::text, ${info.profile}::text)`,
        ),
      )
      .returning({ id: cameras.id });
    if (!changed.length) return false;
    await publish(tx, { topic: 'cameras', workspaceId: cam.workspaceId, id: cam.id });
    return true;
  });
}

/** Records what sound the camera sends (asked once, before its first recording with sound). */
export async function writeAudioInfo(
  db: Db,
  cam: { id: string; workspaceId: string },
  audio: { codec: string; sampleRate: number | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(cameras)
      .set({ audioCodec: audio.codec, audioSampleRate: audio.sampleRate })
      .where(eq(cameras.id, cam.id))
      .returning({ id: cameras.id });
    if (changed.length) await publish(tx, { topic: 'cameras', workspaceId: cam.workspaceId, id: cam.id });
  });
}
