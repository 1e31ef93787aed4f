import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { concurrencyLimit } from '../lib/concurrency.ts';
import { commandHelper } from './spawn-helper.ts';

/** Two cores are shared by everything: at most this many frame grabs run at once. */
const MAX_CONCURRENT = 2;
const TIMEOUT_MS = 15_000;
/** Width of thumbnails and motion events' pictures, in pixels. */
export const THUMBNAIL_WIDTH = 320;
const inflight = new Map<string, Promise<Buffer | null>>();

const slot = concurrencyLimit(MAX_CONCURRENT);

async function grab(ffmpeg: string, source: string, offsetSeconds: number): Promise<Buffer> {
  // A segment file, or a presigned http(s) URL of one in S3 (read by byte range from -ss on).
  const protocols = /^https?:\/\//.test(source) ? 'http,https,tcp,tls' : 'file';
  const args = ['-hide_banner', '-loglevel', 'error', '-protocol_whitelist', protocols];
  args.push('-ss', offsetSeconds.toFixed(3), '-i', source);
  args.push('-frames:v', '1', '-vf', `scale=${THUMBNAIL_WIDTH}:-1`, '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1');
  // Through the helper: a fork of the server costs it a page fault per page it writes next (spawn-helper.ts).
  const r = await commandHelper.run(ffmpeg, args, TIMEOUT_MS);
  if (r.code === 0) return r.stdout;
  throw new Error(`ffmpeg exited ${r.code ?? r.signal}: ${r.stderr.trim()}`);
}

/**
 * Thumbnails snap to this grid: a 10 s segment has at most five, however many distinct instants
 * are asked for (each would otherwise start an ffmpeg and leave a file).
 */
export const THUMBNAIL_GRID_SECONDS = 2;

/**
 * The JPEG of the frame at `offsetSeconds` (snapped to the grid) into a segment (`source`: its
 * file, or a presigned URL), cached beside the file `cacheBeside` (`<name>.thumbs/<ms>.jpg`) unless
 * it is null, so scrubbing over the same instant twice forks ffmpeg once. `mayGrab` is asked before an
 * ffmpeg starts (a cache hit costs nothing) and throws to refuse. Null when the segment has no
 * frame there (e.g. the offset is past its last frame).
 */
export function segmentThumbnail(
  ffmpeg: string,
  source: string,
  offsetSeconds: number,
  mayGrab: () => void = () => {},
  cacheBeside: string | null = source,
): Promise<Buffer | null> {
  const step = THUMBNAIL_GRID_SECONDS * 1000;
  const ms = Math.max(0, Math.floor((offsetSeconds * 1000) / step) * step);
  const cache = cacheBeside === null ? null : path.join(`${cacheBeside}.thumbs`, `${ms}.jpg`);
  // A presigned URL changes with every signing: concurrent asks for one frame share it by key.
  const key = cache ?? `${source.split('?')[0]}#${ms}`;
  const pending = inflight.get(key);
  if (pending) return pending;
  const job = (async () => {
    const hit = cache ? await readFile(cache).catch(() => null) : null;
    if (hit) return hit;
    mayGrab();
    const jpeg = await slot(() => grab(ffmpeg, source, ms / 1000));
    if (jpeg.length < 2 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
    if (!cache) return jpeg;
    await mkdir(path.dirname(cache), { recursive: true });
    // Write then rename: a concurrent reader never sees half a JPEG.
    const tmp = `${cache}.${process.pid}.tmp`;
    await writeFile(tmp, jpeg);
    await rename(tmp, cache);
    return jpeg;
  })().finally(() => inflight.delete(key));
  inflight.set(key, job);
  return job;
}
