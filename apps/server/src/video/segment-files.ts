import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@vigil/db';
import { insertSegment } from './camera-writes.ts';
import { readSegmentSummary } from './segment-summary.ts';
import { isSegmentName, relativeSegmentPath, segmentStart, writerOf } from './paths.ts';
import type { NewSegment, WriteFence } from './video.repo.ts';
import { readVideoCodec, type VideoCodec } from './video-codec.ts';

/**
 * A finished segment file as the index takes it: read (span, size, codec), turned into its index
 * row, inserted; and the folder's files in time order. Used by the indexer, reconcile and the S3
 * uploader alike.
 */

export interface IndexResult {
  indexed: boolean;
  /** The file held no complete fragment and was deleted. */
  deleted?: boolean;
}

/** A finished segment file as the index needs it. */
export interface SegmentFacts {
  file: string;
  span: { start: Date; end: Date };
  bytes: number;
  initBytes: number;
  /** The video's codec, from the file's own init (avcC/hvcC); undefined when it has none. */
  codec?: VideoCodec;
}

export type CameraRef = {
  cameraId: string;
  workspaceId: string;
  kind: 'continuous' | 'motion';
  /** The recorder's lease on the camera at the moment of the write (see WriteFence). */
  fence?: () => WriteFence;
};

/** Reads one finished file; undefined when it is not a segment, or holds no complete fragment. */
export async function readSegmentFile(dir: string, file: string, next?: string): Promise<SegmentFacts | undefined> {
  const start = segmentStart(file);
  if (!start) return undefined;
  // Its boxes without the picture's bytes (segment-summary.ts).
  const summary = await readSegmentSummary(path.join(dir, file));
  if (!summary || summary.fragments === 0) return undefined;
  const durationMs = Math.round(summary.durationSec * 1000);
  const span = segmentSpan(start, durationMs, next ? segmentStart(next) : undefined, summary.mtime);
  const codec = readVideoCodec(summary.init);
  return { file, span, bytes: summary.bytes, initBytes: summary.initBytes, codec };
}

/**
 * Inserts a read segment into the index; `store` says where its bytes are ('s3': uploaded
 * already). The insert names the camera's lease (cam.fence) unless the caller checked it already.
 */
export function insertFacts(
  db: Db,
  cam: CameraRef,
  seg: SegmentFacts,
  store: 'local' | 's3' = 'local',
): Promise<boolean> {
  return insertSegment(db, newSegment(cam, seg, store), cam.fence?.());
}

/** The index row of a read segment. */
export function newSegment(cam: CameraRef, seg: SegmentFacts, store: 'local' | 's3'): NewSegment {
  return {
    cameraId: cam.cameraId,
    workspaceId: cam.workspaceId,
    kind: cam.kind,
    startAt: seg.span.start,
    endAt: seg.span.end,
    bytes: seg.bytes,
    path: relativeSegmentPath(cam.workspaceId, cam.cameraId, seg.file),
    initBytes: seg.initBytes,
    codec: seg.codec?.codecString ?? null,
    profile: seg.codec?.profile ?? null,
    level: seg.codec?.level ?? null,
    store,
  };
}

/** Reads one finished file and inserts it into the index (and its recording). */
export async function indexSegmentFile(
  db: Db,
  cam: CameraRef,
  dir: string,
  file: string,
  opts: { deleteUnreadable?: boolean; next?: string } = {},
): Promise<IndexResult> {
  if (!segmentStart(file)) return { indexed: false };
  const seg = await readSegmentFile(dir, file, opts.next);
  if (!seg) {
    // Empty or unreadable (ffmpeg stopped right after opening it): nothing to play, so it goes.
    if (opts.deleteUnreadable === false) return { indexed: false };
    await unlink(path.join(dir, file)).catch(() => {});
    return { indexed: false, deleted: true };
  }
  return { indexed: await insertFacts(db, cam, seg) };
}

/**
 * The wall-clock span of a segment. Packets are stamped on arrival, so a file's duration is the
 * time it covers, and its last write (each fragment is flushed as it closes; the last when the
 * next file opens) is when that time ended: the span is [written − duration, written], to the
 * millisecond, for a run's first file (which holds the packets buffered while probing) as for the
 * rest. A file whose last write does not fit its name (copied, restored, touched later) falls back
 * to the names: the file name is the second ffmpeg opened it, and a successor of the same run was
 * opened when its last packet had arrived; both the name and "successor − duration" are at or
 * before the true start, so the later is the closer, and a run still tiles without overlap.
 */
export function segmentSpan(
  named: Date,
  durationMs: number,
  next?: Date,
  writtenAt?: Date,
): { start: Date; end: Date } {
  const nominalEnd = named.getTime() + durationMs;
  if (writtenAt && Math.abs(writtenAt.getTime() - nominalEnd) <= 3000)
    return { start: new Date(writtenAt.getTime() - durationMs), end: writtenAt };
  const gap = next ? next.getTime() - nominalEnd : Number.POSITIVE_INFINITY;
  if (next && Math.abs(gap) <= 3000)
    return { start: new Date(Math.max(named.getTime(), next.getTime() - durationMs)), end: next };
  return { start: named, end: new Date(nominalEnd) };
}

export async function listSegmentFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  // The names are fixed-width UTC timestamps, so lexical order is time order.
  return names.filter(isSegmentName).sort();
}

/** The file after `i` written by the same writer (its successor, which bounds its span). */
export function nextOfWriter(files: readonly string[], i: number): string | undefined {
  const writer = writerOf(files[i]!);
  for (let j = i + 1; j < files.length; j++) if (writerOf(files[j]!) === writer) return files[j];
  return undefined;
}
