import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { AppError } from '../../lib/app-error.ts';

/** Signed segment URLs live for an hour: a VOD playlist is watched longer than a download link. */
export const MEDIA_URL_SECONDS = 3600;

export interface MediaStore {
  root: string;
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
export function createMediaStore(root: string, secret: string): MediaStore {
  const absRoot = path.resolve(root);
  const sign = (rel: string, expires: number) =>
    createHmac('sha256', secret).update(`media\n${rel}\n${expires}`).digest('base64url');
  return {
    root: absRoot,
    signedUrl(rel, ttlSeconds = MEDIA_URL_SECONDS) {
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      const q = new URLSearchParams({ path: rel, expires: String(expires), signature: sign(rel, expires) });
      // The .mp4 suffix matters: ffmpeg's HLS demuxer refuses segment URLs without a media extension.
      return `/api/v1/media/segment.mp4?${q}`;
    },
    verify(rel, expires, signature) {
      if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
      const want = Buffer.from(sign(rel, expires));
      const got = Buffer.from(signature);
      return want.length === got.length && timingSafeEqual(want, got);
    },
    resolve(rel) {
      const abs = path.resolve(absRoot, rel);
      if (rel.includes('\0') || path.isAbsolute(rel) || !abs.startsWith(`${absRoot}${path.sep}`)) {
        throw new AppError('invalid-argument', 'Invalid request parameters.', { path: 'outside the media root' });
      }
      return abs;
    },
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
