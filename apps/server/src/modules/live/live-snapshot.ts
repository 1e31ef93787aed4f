import { spawn } from 'node:child_process';
import { concurrencyLimit } from '../../lib/concurrency.ts';
import type { LiveFeed } from '../../video/live-feed.ts';

/** Two cores are shared by the recorder and everyone: at most this many snapshot decodes at once. */
const MAX_CONCURRENT = 2;
const TIMEOUT_MS = 10_000;
/** A feed that has its init but no fragment yet (it just started, or a remote stream is connecting). */
const FIRST_FRAGMENT_WAIT_MS = 3000;

const slot = concurrencyLimit(MAX_CONCURRENT);
/** Width of snapshots and of the frames AI providers are sent, in pixels. */
export const SNAPSHOT_WIDTH = 640;

/**
 * The init segment and the fragments from the last keyframe, as a viewer joining now would get
 * them (LiveFeed.subscribe hands them over synchronously); waits briefly for a first fragment when
 * the stream has only just started. Undefined when the feed has no picture.
 */
export function currentGop(feed: LiveFeed, waitMs = FIRST_FRAGMENT_WAIT_MS): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    let init: Buffer | undefined;
    let fragments: Buffer[] = [];
    let done = false;
    let unsubscribe = () => {};
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unsubscribe();
      resolve(init && fragments.length ? Buffer.concat([init, ...fragments]) : undefined);
    };
    const timer = setTimeout(finish, waitMs);
    let synchronous = true;
    unsubscribe = feed.subscribe((chunk) => {
      if (done) return;
      if (chunk.type === 'init') {
        init = chunk.data;
        fragments = [];
        return;
      }
      // Joining live, start at a keyframe: anything before it cannot be decoded.
      if (!init || (!fragments.length && !chunk.keyframe)) return;
      fragments.push(chunk.data);
      // After the synchronous replay of the current GOP, one live fragment is enough.
      if (!synchronous) finish();
    });
    synchronous = false;
    if (done) unsubscribe();
    else if (init && fragments.length) finish();
  });
}

/**
 * The first picture of an fMP4 GOP (init + fragments from a keyframe) as a JPEG SNAPSHOT_WIDTH wide.
 * The GOP's first frame is its keyframe: one decode, no waiting for the rest of the GOP.
 * Null when ffmpeg produced no picture (or took longer than 10 s).
 */
export function snapshotJpeg(ffmpeg: string, mp4: Buffer): Promise<Buffer | null> {
  return slot(
    () =>
      new Promise<Buffer | null>((resolve) => {
        const args = ['-hide_banner', '-loglevel', 'error', '-f', 'mp4', '-i', 'pipe:0'];
        args.push('-frames:v', '1', '-vf', `scale=${SNAPSHOT_WIDTH}:-2`, '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1');
        const child = spawn(ffmpeg, args, { stdio: ['pipe', 'pipe', 'ignore'] });
        const out: Buffer[] = [];
        const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
        child.stdout.on('data', (d: Buffer) => out.push(d));
        // ffmpeg stops reading once it has its frame: a closed pipe is expected, not a failure.
        child.stdin.on('error', () => {});
        child.stdin.end(mp4);
        child.on('error', () => {
          clearTimeout(timer);
          resolve(null);
        });
        child.on('close', (code) => {
          clearTimeout(timer);
          const jpeg = Buffer.concat(out);
          resolve(code === 0 && jpeg.length > 2 && jpeg[0] === 0xff && jpeg[1] === 0xd8 ? jpeg : null);
        });
      }),
  );
}
