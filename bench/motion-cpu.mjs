// CPU of one camera's motion detection, at 720p and 1080p (25 fps, a keyframe every second, an
// idle scene: still gray picture, sensor noise at a constant bitrate, one small moving box). The
// recorder's pipeline (c): the camera's ffmpeg copying (segments and live output), Node picking
// keyframes from the live feed and the shared decoder decoding those it picks (all three
// processes counted; bench/fixtures/keyframe-motion-pipeline.ts) against, in the same run: (a)
// decoding alone, the baseline; (b) a detector decoding every frame (96×54 at 5 fps); (e) the
// former keyframe detector inside the camera's ffmpeg (every keyframe decoded, decision 0012);
// (d) copy only, the floor. (b)–(e) also write real 10 s segments like the recorder.
// The camera is a clip encoded once per run and served over RTSP in real time (fixtures/rtsp-serve.py).
// WINDOW (seconds measured, 20), WARMUP (5) and RESOLUTIONS (1080,720) to change; a quick smoke
// run: WINDOW=3 WARMUP=2 RESOLUTIONS=720.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, ffmpegChildrenOf, freePort, measureCpu, report } from './lib.mjs';

register();
// The recorder's own motion options, so the bench measures what runs (not a copy that can drift).
const { MOTION_DECODE_ARGS, motionScaleFilter } = await import(path.join(ROOT, 'apps/server/src/video/ffmpeg-args.ts'));

const WINDOW_S = Number(process.env.WINDOW ?? 20);
const WARMUP_S = Number(process.env.WARMUP ?? 5);
const RESOLUTIONS = (process.env.RESOLUTIONS ?? '1080,720').split(',').map(Number);
const FPS = 25;
const GOP = FPS; // a keyframe every second
const KBPS = { 1080: 4000, 720: 2000 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Every child is killed when this process ends, however it ends.
const children = new Set();
const tmp = mkdtempSync(path.join(tmpdir(), 'bench-motion-cpu-'));
function killAll() {
  for (const c of children) c.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
}
process.on('exit', killAll);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    killAll();
    process.exit(130);
  });
}

function run(cmd, args, stdio = ['ignore', 'ignore', 'pipe']) {
  const child = spawn(cmd, args, { stdio });
  children.add(child);
  let log = '';
  let out = '';
  child.stderr?.on('data', (d) => (log += d));
  child.stdout?.on('data', (d) => (out += d));
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, exited, log: () => log, out: () => out };
}

async function stop(p) {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 3000);
  await p.exited;
  clearTimeout(timer);
}

/** An idle camera's picture, encoded once: long enough for warm-up, window and connection. */
async function encodeClip(height) {
  const width = (height * 16) / 9;
  const file = path.join(tmp, `${height}p.ts`);
  const seconds = WARMUP_S + WINDOW_S + 10;
  const box = Math.round(height / 14);
  const picture =
    `color=c=gray:size=${width}x${height}:rate=${FPS},noise=alls=8:allf=t,` +
    `drawbox=x='mod(t*${Math.round(width / 30)}\\,${width - box})':y=${Math.round(height / 2)}:w=${box}:h=${box}:color=white:t=fill`;
  const p = run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', picture, '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-bf', '0'],
    ...['-g', String(GOP), '-keyint_min', String(GOP), '-sc_threshold', '0'],
    ...['-b:v', `${KBPS[height]}k`, '-maxrate', `${KBPS[height]}k`, '-bufsize', `${KBPS[height] * 2}k`],
    ...['-x264-params', 'repeat-headers=1', '-f', 'mpegts', file],
  ]);
  const { code } = await p.exited;
  if (code !== 0) throw new Error(`encoding ${height}p failed: ${p.log()}`);
  return file;
}

async function startCamera(file) {
  const port = await freePort();
  const p = run(
    '/usr/bin/python3',
    [path.join(ROOT, 'bench/fixtures/rtsp-serve.py'), String(port), 'file', file],
    ['ignore', 'pipe', 'pipe'],
  );
  for (let i = 0; !p.out().includes('READY'); i++) {
    if (i > 150 || p.child.exitCode !== null) throw new Error(`RTSP server did not start: ${p.log()}`);
    await sleep(100);
  }
  return { url: `rtsp://127.0.0.1:${port}/cam`, stop: () => stop(p) };
}

function probe(url) {
  const p = run(
    'ffprobe',
    [
      ...['-v', 'error', '-rtsp_transport', 'tcp', '-select_streams', 'v:0'],
      ...['-show_entries', 'stream=codec_name,width,height,r_frame_rate', '-of', 'json', url],
    ],
    ['ignore', 'pipe', 'pipe'],
  );
  return p.exited.then(({ code }) => {
    if (code !== 0) throw new Error(`ffprobe ${url}: ${p.log()}`);
    return JSON.parse(p.out()).streams[0];
  });
}

const rtspIn = (url) => ['-rtsp_transport', 'tcp', '-i', url];
const segments = (dir) => [
  ...['-map', '0:v:0', '-c:v', 'copy', '-f', 'segment', '-segment_time', '10', '-segment_format', 'mp4'],
  ...['-reset_timestamps', '1', `${dir}/%03d.mp4`],
];
const rawOut = ['-c:v', 'rawvideo', '-f', 'rawvideo', '-flush_packets', '1', 'pipe:3'];

const CONFIGS = [
  {
    key: 'a',
    name: '(a) decode alone (baseline)',
    args: (url) => [...rtspIn(url), '-map', '0:v:0', '-f', 'null', '-'],
  },
  { key: 'd', name: '(d) copy only (floor)', args: (url, dir) => [...rtspIn(url), ...segments(dir)] },
  {
    key: 'b',
    name: "(b) today's detector: every frame, 96×54 at 5 fps",
    frameBytes: 96 * 54,
    args: (url, dir) => [
      ...['-threads', '1', '-skip_loop_filter', 'all', ...rtspIn(url), ...segments(dir)],
      ...['-map', '0:v:0', '-vf', 'fps=5,scale=96:54:flags=area,format=gray', ...rawOut],
    ],
  },
  {
    key: 'e',
    name: '(e) every keyframe decoded inside the camera ffmpeg (before decision 0022)',
    frameBytes: 96 * 54,
    args: (url, dir) => [
      ...['-skip_frame', 'nokey', '-analyzeduration', '1000000', '-probesize', '500000', ...MOTION_DECODE_ARGS],
      ...rtspIn(url),
      ...segments(dir),
      ...['-map', '0:v:0', '-vf', motionScaleFilter(), '-vsync', '0', '-threads', '1', ...rawOut],
    ],
  },
  {
    key: 'c',
    name: "(c) the recorder's: the camera's ffmpeg, the shared decoder, Node's added work",
    pipeline: true,
  },
];

/** Config (c): the recorder's own pipeline in a Node process of its own, its ffmpegs counted with it. */
async function measurePipeline(url, height, config, motion = true) {
  const dir = path.join(tmp, `seg-${height}-${config.key}${motion ? '' : '-off'}`);
  mkdirSync(dir);
  const started = performance.now();
  const p = run(
    process.execPath,
    [
      ...['--import', 'tsx', path.join(ROOT, 'bench/fixtures/keyframe-motion-pipeline.ts'), url, dir],
      ...(motion ? [] : ['off']),
    ],
    ['pipe', 'pipe', 'pipe'],
  );
  for (let i = 0; !p.out().includes('READY'); i++) {
    if (p.child.exitCode !== null) throw new Error(`${config.name} at ${height}p ended early: ${p.log()}`);
    if (i > 300) throw new Error(`${config.name} at ${height}p: no motion frame in 30 s: ${p.log()}`);
    await sleep(100);
  }
  const firstMotion = (performance.now() - started) / 1000;
  await sleep(WARMUP_S * 1000);
  const decoded = async () => {
    const seen = p.out().length;
    p.child.stdin.write('\n');
    for (let i = 0; !/DECODED \d+/.test(p.out().slice(seen)) && i < 50; i++) await sleep(20);
    return Number(/DECODED (\d+)/.exec(p.out().slice(seen))?.[1] ?? Number.NaN);
  };
  const before = await decoded();
  const ffmpegs = ffmpegChildrenOf(p.child.pid);
  // The shared decoder reads its keyframes from stdin; the camera's ffmpeg from the camera.
  const isDecoder = (pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('pipe:0');
  const decoderPids = ffmpegs.filter(isDecoder);
  // Each apart: the camera's ffmpeg and Node's live feed run whether motion is on or not.
  const [node, children, decoder] = await Promise.all([
    measureCpu([p.child.pid], WINDOW_S),
    measureCpu(ffmpegs, WINDOW_S),
    measureCpu(decoderPids, WINDOW_S),
  ]);
  const keyframes = (await decoded()) - before;
  if (p.child.exitCode !== null) throw new Error(`${config.name} at ${height}p ended early: ${p.log()}`);
  await stop(p);
  if (p.log().trim()) console.warn(`${config.name} at ${height}p said: ${p.log().trim()}`);
  rmSync(dir, { recursive: true, force: true });
  return {
    cpuPct: children.cpuPct,
    nodePct: node.cpuPct,
    decoderPct: decoder.cpuPct,
    rssMb: children.rssMb,
    firstFrame: null,
    firstMotion,
    fps: motion ? keyframes / WINDOW_S : null,
    processes: 1 + ffmpegs.length,
  };
}

async function measure(url, height, config) {
  if (config.pipeline) {
    // Node cuts the live output whether motion is on or not: its share is what it does beyond the
    // same pipeline with motion off, measured right after.
    const on = await measurePipeline(url, height, config);
    const off = await measurePipeline(url, height, config, false);
    const nodeAddedPct = on.nodePct - off.nodePct;
    return { ...on, nodeAddedPct };
  }
  const dir = path.join(tmp, `seg-${height}-${config.key}`);
  mkdirSync(dir);
  const started = performance.now();
  const p = run(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-progress', 'pipe:1', ...config.args(url, dir)],
    ['ignore', 'pipe', 'pipe', 'pipe'],
  );
  let motionBytes = 0;
  let firstMotion = null;
  p.child.stdio[3].on('data', (d) => {
    // Read and discarded, as a detector would.
    firstMotion ??= (performance.now() - started) / 1000;
    motionBytes += d.length;
  });
  const failed = () => new Error(`${config.name} at ${height}p ended early: ${p.log()}`);
  // The warm-up counts from the first frame out: ffmpeg first probes the stream (up to 5 s).
  for (let i = 0; !/^frame=[1-9]/m.test(p.out()); i++) {
    if (p.child.exitCode !== null) throw failed();
    if (i > 300) throw new Error(`${config.name} at ${height}p: no frame in 30 s: ${p.log()}`);
    await sleep(100);
  }
  const firstFrame = (performance.now() - started) / 1000;
  await sleep(WARMUP_S * 1000);
  const bytesBefore = motionBytes;
  const m = await measureCpu([p.child.pid], WINDOW_S);
  const bytes = motionBytes - bytesBefore;
  if (p.child.exitCode !== null) throw failed();
  await stop(p);
  if (p.log().trim()) console.warn(`${config.name} at ${height}p said: ${p.log().trim()}`);
  rmSync(dir, { recursive: true, force: true });
  return { ...m, firstFrame, firstMotion, fps: config.frameBytes ? bytes / config.frameBytes / WINDOW_S : null };
}

const rows = [];
const figures = {};
try {
  for (const height of RESOLUTIONS) {
    const clip = await encodeClip(height);
    const camera = await startCamera(clip);
    try {
      const s = await probe(camera.url);
      const expected = `h264 ${(height * 16) / 9}x${height} ${FPS}/1`;
      const seen = `${s.codec_name} ${s.width}x${s.height} ${s.r_frame_rate}`;
      if (seen !== expected) throw new Error(`camera stream is ${seen}, expected ${expected}`);
      const res = {};
      for (const config of CONFIGS) res[config.key] = await measure(camera.url, height, config);
      // The budget's figure: the recorder's motion pipeline, beside decoding alone in the same run.
      if (res.c.processes < 3) throw new Error(`the pipeline ran ${res.c.processes} processes, not 3: no decoder?`);
      // Comparable with (e), measured directly: the camera's ffmpeg (which also writes the live
      // output, as (e) did not) and the shared decoder, plus what Node does beyond the live feed.
      res.c.cpuPct += Math.max(0, res.c.nodeAddedPct);
      figures[`motion CPU ${height}p (% of a core)`] = +res.c.cpuPct.toFixed(2);
      figures[`every keyframe decoded in ffmpeg ${height}p (% of a core)`] = +res.e.cpuPct.toFixed(2);
      figures[`keyframes decoded per s ${height}p`] = +res.c.fps.toFixed(2);
      figures[`Node's added work ${height}p (% of a core)`] = +res.c.nodeAddedPct.toFixed(2);
      figures[`shared decoder ${height}p (% of a core)`] = +res.c.decoderPct.toFixed(2);
      figures[`decode alone ${height}p (% of a core)`] = +res.a.cpuPct.toFixed(2);
      figures[`copy only ${height}p (% of a core)`] = +res.d.cpuPct.toFixed(2);
      figures[`motion CPU ${height}p / decode alone`] = +(res.c.cpuPct / res.a.cpuPct).toFixed(3);
      for (const config of CONFIGS) {
        const r = res[config.key];
        rows.push({
          camera: `${height}p${FPS}, GOP ${GOP}`,
          config: config.name,
          'CPU % of a core': +r.cpuPct.toFixed(1),
          '× (a) decode alone': +(r.cpuPct / res.a.cpuPct).toFixed(2),
          "× (b) today's detector": +(r.cpuPct / res.b.cpuPct).toFixed(2),
          'motion frames/s': r.fps === null ? '' : +r.fps.toFixed(2),
          'MB resident': +r.rssMb.toFixed(0),
          's to first frame out': r.firstFrame === null ? '' : +r.firstFrame.toFixed(1),
          's to first motion frame': r.firstMotion === null ? '' : +r.firstMotion.toFixed(1),
        });
      }
    } finally {
      await camera.stop();
    }
  }
} finally {
  killAll();
}
report('motion-cpu', rows, figures);
