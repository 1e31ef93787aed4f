import type { ExportFormat } from '@vigil/shared';
import type { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Db, lockOwner, refreshUsage } from '@vigil/db';
import { publish } from '../../lib/realtime.ts';
import type { Storage } from '../../lib/storage.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { ffmpegTools } from '../../video/ffmpeg-binaries.ts';
import { spawnTied } from '../../video/tied-spawn.ts';
import { segmentIndex } from '../segments/segments.module.ts';
import { type ExportRow, exportsRepo as repo } from './exports.repo.ts';
import { exportKey } from './exports.service.ts';

/** Progress reaches the row (and the browsers) at most this often. */
const PROGRESS_MS = 500;
/** ffmpeg opens each listed segment only when it gets there: its presigned URL must outlive the longest cut. */
const SOURCE_URL_SECONDS = 6 * 3600;

/**
 * The `export` job of the queue: cuts one export. A failure is thrown, so the queue retries it
 * with backoff; the last attempt's failure is written to the row (and the job is dead-lettered).
 * An export with no footage left (retention took it) fails at once, with no retry.
 */
export interface ExportTask {
  run(id: string, attempt: { attempts: number; maxAttempts: number }): Promise<void>;
  /** Kills the running ffmpeg: its job fails this attempt and another worker retries it. */
  stop(): void;
}

class NoFootage extends Error {}

/** The concat demuxer's list: one file per line, with its indexed duration so gaps do not shift time. */
export function concatList(files: { abs: string; seconds: number }[]): string {
  const quote = (p: string) => `'${p.replace(/'/g, "'\\''")}'`;
  return `ffconcat version 1.0\n${files.map((f) => `file ${quote(f.abs)}\nduration ${f.seconds.toFixed(3)}\n`).join('')}`;
}

/** Where the clip starts in the concatenated footage, and how long it runs. */
export function cutOf(
  segs: { startAt: Date; endAt: Date }[],
  from: Date,
  to: Date,
): { offset: number; duration: number } {
  const first = segs[0]!;
  const last = segs[segs.length - 1]!;
  const start = Math.max(from.getTime(), first.startAt.getTime());
  const end = Math.min(to.getTime(), last.endAt.getTime());
  return { offset: (start - first.startAt.getTime()) / 1000, duration: Math.max(0, (end - start) / 1000) };
}

/**
 * 'recorded' copies the footage (stream copy: its bytes are the camera's); 'h264' converts the
 * video to H.264 and copies the sound, for players without the camera's codec.
 */
const CODEC_ARGS: Record<ExportFormat, string[]> = {
  recorded: ['-c', 'copy'],
  h264: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'copy'],
};

export function ffmpegArgs(
  list: string,
  out: string,
  offset: number,
  duration: number,
  remote = false,
  format: ExportFormat = 'recorded',
): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostats', '-y'],
    // Seeking on the input: stream copy then starts at the keyframe before `offset` and the MP4's
    // edit list hides the frames before it, so the clip plays exactly [from, to). An output-side
    // -ss would instead drop everything up to the next keyframe (a GOP short).
    // The list names files, and presigned http(s) URLs of segments stored in S3 (read as streams).
    ...['-protocol_whitelist', remote ? 'file,http,https,tcp,tls' : 'file'],
    ...['-ss', offset.toFixed(3), '-f', 'concat', '-safe', '0', '-i', list],
    ...['-t', duration.toFixed(3), '-map', '0', ...CODEC_ARGS[format]],
    ...['-movflags', '+faststart', '-progress', 'pipe:1', '-f', 'mp4', out],
  ];
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function createExportTask(deps: {
  db: Db;
  /** Where the recorded segments are read from. */
  media: MediaStore;
  /** Where finished exports go (local disk or S3). */
  storage: Storage;
  /** Scratch folder for ffmpeg's output until it is hashed and handed to storage. */
  workDir: string;
  ffmpegPath?: string;
  log: (msg: string) => void;
}): ExportTask {
  const { db, media, storage, workDir, log } = deps;
  const ffmpeg = deps.ffmpegPath ?? ffmpegTools().ffmpeg.path;
  const children = new Set<ReturnType<typeof spawn>>();
  const stopping = new AbortController();

  async function report(row: ExportRow, patch: Parameters<typeof repo.update>[2]) {
    await db.transaction(async (tx) => {
      // A finished export starts to count in usage.storageUsed (under the owner's lock, like every recount).
      if (patch.status === 'done') await lockOwner(tx, row.workspaceId);
      await repo.update(tx, row.id, patch);
      if (patch.status === 'done') await refreshUsage(tx, row.workspaceId);
      await publish(tx, { topic: 'exports', workspaceId: row.workspaceId, id: row.id, cameraId: row.cameraId });
    });
  }

  function runFfmpeg(args: string[], duration: number, onProgress: (p: number) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      const proc = spawnTied(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      children.add(proc);
      let stderr = '';
      let buf = '';
      proc.stderr!.on('data', (d: Buffer) => {
        stderr = (stderr + d.toString()).slice(-2000);
      });
      proc.stdout!.on('data', (d: Buffer) => {
        buf += d.toString();
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const line of lines) {
          // out_time_ms is in microseconds, despite its name.
          const m = /^out_time_ms=(\d+)/.exec(line);
          if (m && duration > 0) onProgress(Math.min(1, Number(m[1]) / 1e6 / duration));
        }
      });
      proc.on('error', reject);
      proc.on('close', (code, signal) => {
        children.delete(proc);
        if (code === 0) resolve();
        else reject(new Error(stderr.trim().split('\n').pop() || `ffmpeg ended with ${signal ?? `code ${code}`}`));
      });
    });
  }

  async function process(row: ExportRow, last: boolean): Promise<void> {
    const key = exportKey(row.workspaceId, row.id);
    const out = path.join(workDir, `${row.id}.mp4`);
    const list = `${out}.txt`;
    try {
      const segs = await segmentIndex.overlapping(db, row.cameraId, row.fromAt, row.toAt);
      if (segs.length === 0) throw new NoFootage('No recorded footage in that range');
      const { offset, duration } = cutOf(segs, row.fromAt, row.toAt);
      await mkdir(workDir, { recursive: true });
      // S3 segments are read straight from the bucket: no copy in the work dir, whatever the length.
      const sources = await Promise.all(segs.map((s) => media.source(s, SOURCE_URL_SECONDS)));
      await writeFile(
        list,
        concatList(
          segs.map((s, i) => ({ abs: sources[i]!, seconds: (s.endAt.getTime() - s.startAt.getTime()) / 1000 })),
        ),
      );
      let last = 0;
      let pending: Promise<void> = Promise.resolve();
      const remote = segs.some((s) => !media.isLocal(s));
      const format: ExportFormat = row.format === 'h264' ? 'h264' : 'recorded';
      await runFfmpeg(ffmpegArgs(list, out, offset, duration, remote, format), duration, (p) => {
        const now = Date.now();
        if (now - last < PROGRESS_MS) return;
        last = now;
        pending = pending.then(() => report(row, { progress: p })).catch(() => {});
      });
      await pending;
      const [info, sha256] = await Promise.all([stat(out), sha256Of(out)]);
      // Local storage renames the file into place; S3 streams it up (multipart past 8 MB) and removes it.
      await storage.moveFile(key, out, 'video/mp4', stopping.signal);
      await report(row, { status: 'done', progress: 1, bytes: info.size, sha256, path: key, error: null });
    } catch (e) {
      await rm(out, { force: true }).catch(() => {});
      const message = e instanceof Error ? e.message : String(e);
      log(`export ${row.id} failed: ${message}`);
      if (e instanceof NoFootage || last) {
        await report(row, { status: 'failed', error: message.slice(0, 500) }).catch(() => {});
        if (e instanceof NoFootage) return;
      } else {
        // Another attempt follows: the page shows it waiting again, with what went wrong.
        await report(row, { status: 'queued', progress: 0, error: message.slice(0, 500) }).catch(() => {});
      }
      throw e;
    } finally {
      await rm(list, { force: true }).catch(() => {});
    }
  }

  return {
    async run(id, attempt) {
      const row = await repo.claim(db, id);
      if (!row) return; // deleted, or done by an earlier attempt
      await report(row, {});
      await process(row, attempt.attempts >= attempt.maxAttempts);
    },
    stop() {
      stopping.abort();
      for (const c of children) c.kill('SIGKILL');
    },
  };
}
