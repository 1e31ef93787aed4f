import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { concurrencyLimit } from '../lib/concurrency.ts';

/**
 * H.264 copies of recorded footage, for browsers that cannot decode what the camera sent (H.265 in
 * Chromium) and for "compatible" exports. The footage itself is never re-encoded: a copy is made
 * on demand beside it in a cache, once per file (requests for one file share the transcode), a few
 * at a time (each takes a core), and copies unused for a day are removed.
 */
export interface H264Transcoder {
  /** The H.264 copy of a recorded file (a path, or an https URL for S3 footage): its cached path. */
  segment(key: string, source: string): Promise<string>;
}

const MAX_CONCURRENT = 2;
const KEEP_MS = 24 * 3600 * 1000;
const TIMEOUT_MS = 120_000;

/** The argv of one transcode (pure): video to H.264 with keyframes kept, sound copied, fragmented MP4. */
export function h264CopyArgs(source: string, out: string): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', source],
    ...['-map', '0:v:0', '-map', '0:a:0?', '-c:a', 'copy'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-force_key_frames', 'source'],
    ...['-movflags', '+frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4', '-y', out],
  ];
}

export function runFfmpeg(ffmpeg: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-500);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited ${code}: ${stderr.trim()}`));
    });
  });
}

export function createH264Transcoder(opts: { ffmpeg: () => string; dir: string }): H264Transcoder {
  const slot = concurrencyLimit(MAX_CONCURRENT);
  const running = new Map<string, Promise<string>>();
  let lastSweep = 0;

  async function sweep() {
    if (Date.now() - lastSweep < 3600_000) return;
    lastSweep = Date.now();
    for (const name of await readdir(opts.dir).catch(() => [] as string[])) {
      const file = path.join(opts.dir, name);
      const st = await stat(file).catch(() => undefined);
      if (st && Date.now() - st.atimeMs > KEEP_MS && Date.now() - st.mtimeMs > KEEP_MS)
        await unlink(file).catch(() => {});
    }
  }

  async function make(key: string, source: string): Promise<string> {
    const out = path.join(opts.dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.mp4`);
    if (await stat(out).catch(() => undefined)) return out;
    await mkdir(opts.dir, { recursive: true });
    const tmp = `${out}.${process.pid}.tmp`;
    try {
      await slot(() => runFfmpeg(opts.ffmpeg(), h264CopyArgs(source, tmp)));
      await rename(tmp, out);
    } finally {
      await unlink(tmp).catch(() => {});
    }
    void sweep();
    return out;
  }

  return {
    segment(key, source) {
      let p = running.get(key);
      if (!p) {
        p = make(key, source).finally(() => running.delete(key));
        running.set(key, p);
      }
      return p;
    },
  };
}
