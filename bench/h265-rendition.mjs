// The H.265 → H.264 live rendition (apps/server/src/video/rendition.ts) beside its baselines, same
// run, same camera: a main stream as cameras send it (H.265 Main, 1920×1080 at 15 fps, a keyframe a
// second, no B-frames), 20 s of x265 made once and looped in real time (x265 cannot make 1080p live
// on 2 cores):
// - CPU per camera: Vigil's rendition (its ffmpeg + what Node adds feeding it and reading it back)
//   against a bare ffmpeg doing the same transcode straight from the camera to nowhere.
// - Added latency: when each frame of the camera's live feed reaches a viewer as H.264, against
//   H.264 passthrough (the viewer takes the feed's own fragment, the moment the feed has it).
// Windows alternate (bare, Vigil, bare, Vigil) so drift on a shared machine hits both alike.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { measureCpu, ROOT, report } from './lib.mjs';

register();
const { LiveFeed } = await import(path.join(ROOT, 'apps/server/src/video/live-feed.ts'));
const { Renditions } = await import(path.join(ROOT, 'apps/server/src/video/rendition.ts'));
const { LIBX264 } = await import(path.join(ROOT, 'apps/server/src/video/hw-encoders.ts'));
const { renditionArgs } = await import(path.join(ROOT, 'apps/server/src/video/rendition-args.ts'));
const { readSamples } = await import(path.join(ROOT, 'apps/server/src/video/mp4-samples.ts'));

const WINDOW_S = Number(process.env.WINDOW ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** CPU % of one core of `pids` over the window. */
const cpuOf = async (pids, seconds) => (await measureCpu(pids, seconds)).cpuPct;
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** Presentation time (s) and arrival (ms) of each frame a feed emits. */
function frameLog(feed) {
  const frames = [];
  const unsubscribe = feed.subscribe((chunk) => {
    if (chunk.type !== 'fragment') return;
    const now = performance.now();
    const { timescale, samples } = readSamples(chunk.data, feed.trackInfo);
    for (const s of samples) frames.push({ pts: (s.dts + s.cto) / timescale, at: now, key: s.keyframe });
  });
  return { frames, stop: unsubscribe };
}

/**
 * Pairs output frames with the input frames they came from. The muxer restarts the rendition's
 * clock, so the offset between the two is unknown; but keyframes stay where the camera put them
 * (one a second), so the offset maps an output keyframe onto an input keyframe: of those offsets,
 * the one giving the smallest non-negative delay is the true one (the others are whole seconds off).
 */
function match(input, output) {
  const key = (x) => Math.round(x * 100);
  const byPts = new Map(input.map((f) => [key(f.pts), f]));
  const firstKey = output.find((o) => o.key);
  if (!firstKey) return [];
  let best;
  for (const k of input.filter((f) => f.key)) {
    const offset = firstKey.pts - k.pts;
    const delays = output.flatMap((o) => {
      const i = byPts.get(key(o.pts - offset));
      return i ? [o.at - i.at] : [];
    });
    if (delays.length < output.length * 0.9) continue;
    const p50 = quantile(delays, 0.5);
    if (p50 >= 0 && (!best || p50 < best.p50)) best = { p50, delays };
  }
  return best?.delays ?? [];
}

// A moving, detailed picture (the pinwheel): a still one would make both transcodes nearly free.
const SIZE = process.env.SIZE ?? '1920x1080';
const cacheDir = path.join(ROOT, 'bench/results/cache');
const clip = path.join(cacheDir, `h265-${SIZE}-15fps.mp4`);
if (!existsSync(clip)) {
  mkdirSync(cacheDir, { recursive: true });
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${SIZE}:rate=15`, '-t', '20'],
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error:keyint=15:min-keyint=15:bframes=0'],
    ...['-pix_fmt', 'yuv420p', '-tag:v', 'hvc1', '-y', clip],
  ]);
}
/** The camera, as an input: the clip in real time, over and over. */
const cameraInput = ['-re', '-stream_loop', '-1', '-i', clip];
// The camera's live feed as the recorder makes it (copy, one fragment per frame): Vigil's side reads it.
const source = spawn('ffmpeg', [
  ...['-hide_banner', '-nostdin', '-loglevel', 'error', ...cameraInput],
  ...['-map', '0:v:0', '-c:v', 'copy', '-f', 'mp4'],
  ...['-movflags', '+frag_keyframe+empty_moov+default_base_moof+frag_every_frame', '-flush_packets', '1', 'pipe:1'],
]);
const feed = new LiveFeed();
source.stdout.on('data', (d) => feed.push(d));
const renditions = new Renditions({
  ffmpegPath: () => 'ffmpeg',
  encoder: Promise.resolve(LIBX264),
  maxSoftware: 4,
  idleMs: 1000,
  log: () => {},
});

async function bare() {
  // The same transcode, by a bare ffmpeg reading the camera itself.
  const args = renditionArgs(LIBX264);
  const at = args.indexOf('-f');
  const ffmpeg = spawn('ffmpeg', [
    ...args.slice(0, at).filter((a) => a !== '-nostdin'),
    ...cameraInput,
    ...args.slice(args.indexOf('-map')),
  ]);
  ffmpeg.stdout.on('data', () => {});
  await sleep(3000);
  const cpu = await cpuOf([ffmpeg.pid], WINDOW_S);
  ffmpeg.kill('SIGKILL');
  return cpu;
}

async function vigil() {
  // Node's own CPU with the source feed alone, then with the rendition: the difference is what it adds.
  const idle = await cpuOf([process.pid], WINDOW_S);
  const out = await renditions.feed('bench', feed);
  const viewer = out.subscribe(() => {});
  await sleep(3000);
  const pid = renditions.processes().get('bench');
  const [ffmpegCpu, nodeCpu] = await Promise.all([cpuOf([pid], WINDOW_S), cpuOf([process.pid], WINDOW_S)]);
  // Then when each frame comes out, against when it went in (the logs cost CPU: not in the window above).
  const input = frameLog(feed);
  const output = frameLog(out);
  await sleep(10_000);
  input.stop();
  output.stop();
  viewer();
  await sleep(2500); // the rendition stops 1 s after its last viewer
  const keys = output.frames.filter((f) => f.key).length;
  console.error(`latency window: ${input.frames.length} frames in, ${output.frames.length} out (${keys} keyframes)`);
  const latencies = match(input.frames, output.frames.slice(5));
  return { cpu: ffmpegCpu + Math.max(0, nodeCpu - idle), ffmpegCpu, nodeAdded: nodeCpu - idle, latencies };
}

try {
  while (feed.fragments < 30) await sleep(100);
  const bares = [];
  const vigils = [];
  for (let r = 0; r < ROUNDS; r++) {
    bares.push(await bare());
    vigils.push(await vigil());
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const latencies = vigils.flatMap((v) => v.latencies);
  const bareCpu = mean(bares);
  const vigilCpu = mean(vigils.map((v) => v.cpu));
  report('h265-rendition', [
    {
      camera: `H.265 Main ${SIZE.replace('x', '×')} 15 fps`,
      'baseline: bare ffmpeg transcode, CPU % of a core': +bareCpu.toFixed(1),
      'Vigil rendition (its ffmpeg + Node), CPU %': +vigilCpu.toFixed(1),
      'of which Node': +mean(vigils.map((v) => v.nodeAdded)).toFixed(1),
      'CPU ratio (≤ 1.1)': +(vigilCpu / bareCpu).toFixed(2),
      'baseline: H.264 passthrough added latency ms': 0,
      'rendition added latency p50 ms (≤ 150)': +quantile(latencies, 0.5).toFixed(1),
      'p95 ms': +quantile(latencies, 0.95).toFixed(1),
      'frames matched': latencies.length,
    },
  ]);
} finally {
  renditions.stop();
  source.kill('SIGKILL');
}
