import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { AppError } from './app-error.ts';
import type { S3Storage } from './storage.ts';

/** Signed segment URLs live for an hour: a VOD playlist is watched longer than a download link. */
export const MEDIA_URL_SECONDS = 3600;

/** A segment as the index knows it: its key and where its bytes are. */
export interface StoredSegment {
  path: string;
  store: string;
}

export interface MediaStore {
  root: string;
  /**
   * URLs a player fetches each segment from (byte ranges included): our signed endpoint for
   * 'local' rows, presigned GETs on the bucket for 's3' rows, so segment bytes never pass through
   * a `serve` process and any number of them can hand out playlists.
   */
  playbackUrls(segments: readonly StoredSegment[], ttlSeconds?: number): Promise<string[]>;
  /** What ffmpeg opens for a segment: the file, or a presigned https URL (exports, thumbnails). */
  source(segment: StoredSegment, ttlSeconds?: number): Promise<string>;
  /** Whether a segment's bytes are on this machine's disk (where frame-grab caches may live). */
  isLocal(segment: StoredSegment): boolean;
  /** A URL a <video>/hls.js can fetch with no headers: the signature is the permission. */
  signedUrl(relPath: string, ttlSeconds?: number): string;
  verify(relPath: string, expires: number, signature: string): boolean;
  /** Absolute file of a relative media path; refuses anything that leaves the media root. */
  resolve(relPath: string): string;
}

/**
 * A sibling of lib/storage.ts's signer for the recorder's media tree. The HMAC input carries a
 * "media" scope so a storage signature can never be replayed as a media one, or back.
 */
export function createMediaStore(root: string, secret: string, footage?: S3Storage): MediaStore {
  const absRoot = path.resolve(root);
  const sign = (rel: string, expires: number) =>
    createHmac('sha256', secret).update(`media\n${rel}\n${expires}`).digest('base64url');
  function signedUrl(rel: string, ttlSeconds = MEDIA_URL_SECONDS) {
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    const q = new URLSearchParams({ path: rel, expires: String(expires), signature: sign(rel, expires) });
    // The .mp4 suffix matters: ffmpeg's HLS demuxer refuses segment URLs without a media extension.
    return `/api/v1/media/segment.mp4?${q}`;
  }
  function bucket(): S3Storage {
    // Footage recorded while S3 was configured, read by a process started without it.
    if (!footage)
      throw new AppError('unavailable', 'This footage is stored in S3, which this server is not configured for.');
    return footage;
  }
  function resolve(rel: string) {
    const abs = path.resolve(absRoot, rel);
    if (rel.includes('\0') || path.isAbsolute(rel) || !abs.startsWith(`${absRoot}${path.sep}`)) {
      throw new AppError('invalid-argument', 'Invalid request parameters.', { path: 'outside the media root' });
    }
    return abs;
  }
  const remote = (seg: StoredSegment) => seg.store === 's3';
  return {
    root: absRoot,
    signedUrl,
    async playbackUrls(segments, ttlSeconds = MEDIA_URL_SECONDS) {
      const keys = segments.filter(remote).map((seg) => seg.path);
      const presigned = keys.length ? await bucket().signedUrls(keys, ttlSeconds) : [];
      let next = 0;
      // The key ends in .mp4 and the signature rides in the query: ffmpeg's HLS demuxer takes it too.
      return segments.map((seg) => (remote(seg) ? presigned[next++]! : signedUrl(seg.path, ttlSeconds)));
    },
    async source(seg, ttlSeconds = MEDIA_URL_SECONDS) {
      if (!remote(seg)) return resolve(seg.path);
      return (await bucket().signedUrls([seg.path], ttlSeconds))[0]!;
    },
    isLocal: (seg) => !remote(seg),
    verify(rel, expires, signature) {
      if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
      const want = Buffer.from(sign(rel, expires));
      const got = Buffer.from(signature);
      return want.length === got.length && timingSafeEqual(want, got);
    },
    resolve,
  };
}

/** `Range: bytes=a-b` → inclusive [start, end] within `size`; null = whole file; 'unsatisfiable' → 416. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Multi-range requests are not something players send for media: answer with the whole file.
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
