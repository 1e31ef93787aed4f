// The built-in local detector (docs/decisions/0012, 0017): CPU per analysed frame and frames
// per second per core through its worker-thread front (createLocalDetector), against the bare
// model run in this same process on the same frames (the baseline: loadModel + runModel + decode,
// no thread, no messages), and against the graph as the package ships it (512×512); the worker's
// memory (process RSS before/after, the worker's own V8 heap and WebAssembly heap) against the bare
// model's RSS growth; and the JPEG → RGB decode at the model's size (sharp: libjpeg's DCT scaling,
// on libuv's pool, counted by process.cpuUsage) against an ffmpeg process (its CPU read from this
// process's waited-for children). The frame is @vladmandic/human's assets/samples.jpg scaled to
// the detector's input side (INPUT_SIDE: 480×434; 512×463 for the graph as shipped). CPU, not wall time, is the figure: the machine is shared. FRAMES (20) and
// WARMUP (2) to change; smoke run: FRAMES=3 WARMUP=1.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { ROOT, report } from './lib.mjs';

register();
const { createLocalDetector, INPUT_SIDE } = await import(path.join(ROOT, 'apps/server/src/ai/local-detector.ts'));
const { decodeJpegToRgb } = await import(path.join(ROOT, 'apps/server/src/ai/decode-jpeg.ts'));
const bare = await import(path.join(ROOT, 'apps/server/src/ai/centernet.mjs'));
const { COCO_LABELS } = await import(path.join(ROOT, 'packages/shared/src/index.ts'));
const { ffmpegTools } = await import(path.join(ROOT, 'apps/server/src/video/ffmpeg-binaries.ts'));

const FRAMES = Number(process.env.FRAMES ?? 20);
const WARMUP = Number(process.env.WARMUP ?? 2);
const requireFromServer = createRequire(path.join(ROOT, 'apps/server/package.json'));
const samples = path.join(path.dirname(requireFromServer.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');
const jpeg = new Uint8Array(readFileSync(samples));

const cpuMs = (since) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};
const rssMb = () => process.memoryUsage().rss / 1e6;
/** CPU of this process's finished children (ffmpeg), from /proc/self/stat cutime + cstime (ticks of 10 ms). */
const childCpuMs = () => {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(f[13]) + Number(f[14])) * 10;
};

async function perFrame(run) {
  for (let i = 0; i < WARMUP; i++) await run();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  let last;
  for (let i = 0; i < FRAMES; i++) last = await run();
  const ms = cpuMs(cpu) / FRAMES;
  return {
    cpuMs: +ms.toFixed(1),
    fpsPerCore: +(1000 / ms).toFixed(2),
    wallMs: +((performance.now() - t0) / FRAMES).toFixed(1),
    last,
  };
}

// Memory, each in a fresh process (this one's allocator would reuse what the other freed):
// RSS growth from before the detector to after FRAMES frames.
if (process.env.AI_BENCH_MEMORY) {
  const frame = await decodeJpegToRgb(jpeg, { maxSide: INPUT_SIDE });
  const before = rssMb();
  const out = {};
  if (process.env.AI_BENCH_MEMORY === 'worker') {
    const detector = createLocalDetector();
    await detector.ready;
    out.ready = rssMb() - before;
    for (let i = 0; i < FRAMES; i++) await detector.detect(frame);
    out.after = rssMb() - before;
    out.worker = await detector.memory();
    await detector.close();
  } else {
    const model = await bare.loadModel({ side: INPUT_SIDE });
    out.ready = rssMb() - before;
    for (let i = 0; i < FRAMES; i++)
      bare.decode(await bare.runModel(model, frame), COCO_LABELS, { minScore: 0.3, maxDetections: 20 });
    out.after = rssMb() - before;
  }
  console.log(JSON.stringify(out));
  process.exit(0);
}
const memoryOf = (mode) =>
  JSON.parse(
    execFileSync(process.execPath, [fileURLToPath(import.meta.url)], {
      env: { ...process.env, AI_BENCH_MEMORY: mode },
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop(),
  );

const rows = [];
const load = loadavg()[0].toFixed(1);

// The JPEG → RGB decode before each frame, at the model's size: sharp (what decodeJpegToRgb runs),
// against an ffmpeg process doing the same (its CPU from /proc, start-up included).
const frame = await decodeJpegToRgb(jpeg, { maxSide: INPUT_SIDE });
const viaSharp = await perFrame(async () => decodeJpegToRgb(jpeg, { maxSide: INPUT_SIDE }));
rows.push({
  measure: `decode JPEG 1280×1158 → RGB ${frame.width}×${frame.height}: sharp (DCT scaling, libuv pool)`,
  'CPU ms/frame': viaSharp.cpuMs,
  'frames/s per core': viaSharp.fpsPerCore,
  'wall ms/frame': viaSharp.wallMs,
  note: 'off the event loop',
});
const ffmpegArgs = ['-v', 'error', '-f', 'image2pipe', '-c:v', 'mjpeg', '-i', 'pipe:0', '-vf'];
ffmpegArgs.push(`scale=${frame.width}:${frame.height}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1');
const child0 = childCpuMs();
const d0 = performance.now();
for (let i = 0; i < FRAMES; i++)
  execFileSync(ffmpegTools().ffmpeg.path, ffmpegArgs, { input: jpeg, maxBuffer: 1 << 24 });
const ffmpegMs = (childCpuMs() - child0) / FRAMES;
rows.push({
  measure: `against: decode by an ffmpeg process → RGB ${frame.width}×${frame.height}`,
  'CPU ms/frame': +ffmpegMs.toFixed(1),
  'frames/s per core': +(1000 / Math.max(1, ffmpegMs)).toFixed(1),
  'wall ms/frame': +((performance.now() - d0) / FRAMES).toFixed(1),
  note: 'process start-up included; outside Node',
});

// Through the worker front.
const s0 = performance.now();
const detector = createLocalDetector();
let viaWorker;
try {
  await detector.ready;
  const startMs = performance.now() - s0;
  viaWorker = await perFrame(() => detector.detect(frame));
  rows.push({
    measure: 'local detector, through the worker front',
    'CPU ms/frame': viaWorker.cpuMs,
    'frames/s per core': viaWorker.fpsPerCore,
    'wall ms/frame': viaWorker.wallMs,
    note: `start (model load) ${Math.round(startMs)} ms wall; ${viaWorker.last.length} detections ≥ 0.3`,
  });
  const viaJpeg = await perFrame(() => detector.detectJpeg(jpeg));
  rows.push({
    measure: 'local detector from the JPEG (detectJpeg: sharp decode + model in the worker)',
    'CPU ms/frame': viaJpeg.cpuMs,
    'frames/s per core': viaJpeg.fpsPerCore,
    'wall ms/frame': viaJpeg.wallMs,
    note: `against ffmpeg decode + detect: ${(ffmpegMs + viaWorker.cpuMs).toFixed(0)} ms`,
  });
} finally {
  await detector.close();
}

// Baseline: the bare model in this process, same frames, same input side.
const model = await bare.loadModel({ side: INPUT_SIDE });
const options = { minScore: 0.3, maxDetections: 20 };
const baseline = await perFrame(async () => bare.decode(await bare.runModel(model, frame), COCO_LABELS, options));
rows.push({
  measure: 'baseline: bare model in this process',
  'CPU ms/frame': baseline.cpuMs,
  'frames/s per core': baseline.fpsPerCore,
  'wall ms/frame': baseline.wallMs,
  note: `same ${baseline.last.length} detections: ${JSON.stringify(baseline.last) === JSON.stringify(viaWorker.last)}`,
});
rows.push({
  measure: 'worker overhead (front − baseline)',
  'CPU ms/frame': +(viaWorker.cpuMs - baseline.cpuMs).toFixed(1),
  'frames/s per core': '',
  'wall ms/frame': +(viaWorker.wallMs - baseline.wallMs).toFixed(1),
  note: `load average ${load} on this machine`,
});
model.dispose();
// The graph as the package ships it (512×512, Mean transposing), on the picture decoded at 512 px.
const shipped = await bare.loadModel({ asShipped: true });
const at512 = await decodeJpegToRgb(jpeg);
const asShipped = await perFrame(async () => bare.decode(await bare.runModel(shipped, at512), COCO_LABELS, options));
shipped.dispose();
rows.push({
  measure: 'against: the graph as shipped (512×512), this process',
  'CPU ms/frame': asShipped.cpuMs,
  'frames/s per core': asShipped.fpsPerCore,
  'wall ms/frame': asShipped.wallMs,
  note: `${asShipped.last.length} detections ≥ 0.3`,
});
const memWorker = memoryOf('worker');
const memBare = memoryOf('bare');
const mb = (n) => `${(n / 1e6).toFixed(0)} MB`;
rows.push({
  measure: 'memory: worker (process RSS growth, fresh process)',
  'CPU ms/frame': '',
  'frames/s per core': '',
  'wall ms/frame': '',
  note: `+${memWorker.ready.toFixed(0)} MB at ready, +${memWorker.after.toFixed(0)} MB after ${FRAMES} frames; its V8 heap ${mb(memWorker.worker.heapUsed)}, WebAssembly heap ${mb(memWorker.worker.wasmBytes)}`,
});
rows.push({
  measure: 'memory baseline: bare model in the main thread (fresh process)',
  'CPU ms/frame': '',
  'frames/s per core': '',
  'wall ms/frame': '',
  note: `+${memBare.ready.toFixed(0)} MB at ready, +${memBare.after.toFixed(0)} MB after ${FRAMES} frames`,
});
report('ai-detector', rows);
