// Where a recorded camera's ffmpeg spends its CPU beyond a bare `ffmpeg -c copy`: the same RTSP
// camera recorded by N ffmpegs (N=16 by default) with, one after the other in the same run,
//   bare ffmpeg -c copy to plain MP4 segments (the baseline);
//   Vigil's segment output alone (fragmented MP4, arrival timestamps, clock-aligned cuts);
//   + the live fMP4 on stdout (a fragment per frame), read by the recorder's LiveFeed with no
//     viewer, as a camera nobody watches;
//   the same with a fragment per keyframe instead of per frame (what a live output without
//     `frag_every_frame` would save; ffmpeg cannot change it without a restart);
// (Motion no longer runs in a camera's ffmpeg: its keyframes go to the recorder's shared decoder,
// decision 0022, measured by motion-cpu.mjs; a default camera's ffmpeg is the per-frame line.)
// Beside each ffmpeg's CPU, the CPU of this process reading its pipes (the Node side of an idle
// live output: the reads, the stream machinery, LiveFeed's walk), and the memory per camera as
// resident (RSS: each process counts the shared libraries' pages again, as the other benches
// measure) and proportional (PSS: shared pages divided among the processes that map them).
// The argv are buildFfmpegArgs's own (apps/server/src/video/ffmpeg-args.ts).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, measureCpu, pssMb, report } from './lib.mjs';

register();
const { startRtspServer } = await import(path.join(ROOT, 'e2e/fixtures/rtsp-server.ts'));
const { buildFfmpegArgs } = await import(path.join(ROOT, 'apps/server/src/video/ffmpeg-args.ts'));
const { LiveFeed } = await import(path.join(ROOT, 'apps/server/src/video/live-feed.ts'));
const N = Number(process.env.CAMERAS ?? 16);
const WINDOW_S = Number(process.env.WINDOW ?? 15);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const work = mkdtempSync(path.join(tmpdir(), 'bench-ffargs-'));

/** A default camera's argv (motion on: the same as off since decision 0022). */
function vigilArgs(url, dir) {
  return buildFfmpegArgs({ source: { type: 'rtsp', url }, recordingMode: 'continuous', segmentDir: dir, motion: {} });
}

/** The argv without its live output (`-f mp4 … pipe:1`). */
function withoutLive(args) {
  const end = args.indexOf('pipe:1');
  let start = end;
  while (start > 0 && !(args[start] === '-f' && args[start + 1] === 'mp4')) start--;
  return [...args.slice(0, start - 4), ...args.slice(end + 1)];
}

/** The live output's fragments cut at keyframes only (its `frag_every_frame` dropped). */
function perKeyframe(args) {
  return args.map((a) => (a.endsWith('+frag_every_frame') ? a.replace('+frag_every_frame', '') : a));
}

const variants = {
  'bare ffmpeg -c copy (baseline)': (url, dir) => [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-rtsp_transport', 'tcp', '-i', url],
    ...['-c', 'copy', '-f', 'segment', '-segment_time', '10', '-segment_format', 'mp4'],
    ...['-reset_timestamps', '1', `${dir}/%05d.mp4`],
  ],
  "Vigil's segments only": (url, dir) => withoutLive(vigilArgs(url, dir)),
  '+ live fMP4 on stdout, a fragment per frame': (url, dir) => vigilArgs(url, dir),
  '+ live fMP4 on stdout, a fragment per keyframe': (url, dir) => perKeyframe(vigilArgs(url, dir)),
};

async function measure(url, name, argsOf) {
  const procs = [];
  try {
    for (let i = 0; i < N; i++) {
      const dir = path.join(work, `${Object.keys(variants).indexOf(name)}-${i}`);
      mkdirSync(dir, { recursive: true });
      const p = spawn('ffmpeg', argsOf(url, dir), {
        stdio: ['ignore', 'pipe', 'ignore', 'pipe'],
        env: { ...process.env, TZ: 'UTC' },
      });
      // As a recorder with no viewer reads them: the live output through a LiveFeed, fd 3 dropped.
      const feed = new LiveFeed();
      p.stdout.on('data', (d) => feed.push(d));
      p.stdio[3].resume();
      procs.push(p);
      await sleep(150);
    }
    await sleep(5000);
    const reader = process.cpuUsage();
    const m = await measureCpu(
      procs.map((p) => p.pid),
      WINDOW_S,
    );
    const used = process.cpuUsage(reader);
    return {
      cpu: m.cpuPct / N,
      // This process's CPU over the window (µs → % of a core), per camera.
      reader: (used.user + used.system) / 1e4 / WINDOW_S / N,
      mb: m.rssMb / N,
      pss: pssMb(procs.map((p) => p.pid)) / N,
      alive: procs.filter((p) => p.exitCode === null).length,
    };
  } finally {
    for (const p of procs) p.kill('SIGKILL');
  }
}

const rtsp = await startRtspServer();
const rows = [];
try {
  let base;
  for (const [name, argsOf] of Object.entries(variants)) {
    const m = await measure(rtsp.url, name, argsOf);
    base ??= m;
    rows.push({
      ffmpeg: name,
      'ffmpeg CPU % per camera': +m.cpu.toFixed(3),
      'against bare': +(m.cpu / base.cpu).toFixed(2),
      'Node reading its pipes, CPU % per camera': +m.reader.toFixed(3),
      'ffmpeg + reader against bare': +((m.cpu + m.reader) / base.cpu).toFixed(2),
      'RSS MB per camera': +m.mb.toFixed(1),
      'PSS MB per camera': +m.pss.toFixed(1),
      running: `${m.alive}/${N}`,
      'load (1 min)': +loadavg()[0].toFixed(1),
    });
  }
} finally {
  await rtsp.stop();
  rmSync(work, { recursive: true, force: true });
}
report('recorder-ffmpeg-args', rows);
