// The local detector's thread (docs/decisions/0012-local-detector.md). Plain JavaScript on purpose:
// a worker thread starts from a file, and this one runs unchanged under tsx, Vitest and the esbuild
// bundle (scripts/build-server.mjs copies it next to dist/main.js). Its only imports are npm packages.
//
// It loads the CenterNet (MobileNet v3) COCO model that @vladmandic/human ships, once, on
// TensorFlow.js's WebAssembly backend (one thread, no native build, no network), then answers one
// frame at a time: { id, frame: { data: RGB24, width, height } } or { id, jpeg } → { id, detections }
// or { id, error }.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import * as tfwasm from '@tensorflow/tfjs-backend-wasm';
import * as tfc from '@tensorflow/tfjs-converter';
import * as tf from '@tensorflow/tfjs-core';
import jpegJs from 'jpeg-js';

const require = createRequire(import.meta.url);
/** The model's square input, in pixels. */
const INPUT = 512;
/** Same-label boxes overlapping more than this are one object (the model repeats itself). */
const IOU_SAME_OBJECT = 0.45;

/** The directories of the model and of the backend's .wasm files, inside node_modules. */
export function modelFiles() {
  const human = path.join(path.dirname(require.resolve('@vladmandic/human')), '..');
  return {
    model: path.join(human, 'models', 'centernet.json'),
    weights: path.join(human, 'models', 'centernet.bin'),
    wasmDir: path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')),
  };
}

/** Loads the model from node_modules (no fetch, no network). */
export async function loadModel({ threads = 1 } = {}) {
  const files = modelFiles();
  tfwasm.setWasmPaths(`${files.wasmDir}${path.sep}`);
  tfwasm.setThreadsCount(threads);
  if (!(await tf.setBackend('wasm'))) throw new Error('the WebAssembly backend of TensorFlow.js did not start');
  await tf.ready();
  const json = JSON.parse(readFileSync(files.model, 'utf8'));
  const bin = readFileSync(files.weights);
  const model = await tfc.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((m) => m.weights),
      weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
      format: json.format,
      signature: json.signature,
    }),
  );
  return model;
}

/**
 * The model on one RGB24 frame: letterboxed into the 512×512 input (the picture keeps its
 * proportions, scaled so its longer side fills the square, the rest black), then the model's own
 * decoded output ([1, 100, 6]: x1, y1, x2, y2 in input pixels, score, COCO class index).
 * Returns raw rows with boxes as fractions of the frame.
 */
export async function runModel(model, frame) {
  const { width, height } = frame;
  const scale = INPUT / Math.max(width, height);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const out = tf.tidy(() => {
    const pixels = tf.cast(tf.tensor3d(frame.data, [height, width, 3], 'int32'), 'float32');
    const resized = w === width && h === height ? pixels : tf.image.resizeBilinear(pixels, [h, w]);
    const square = tf.pad(resized, [
      [0, INPUT - h],
      [0, INPUT - w],
      [0, 0],
    ]);
    return model.execute(tf.expandDims(square, 0), 'tower_0/detections');
  });
  const rows = (await out.array())[0];
  out.dispose();
  const clamp = (v) => Math.min(1, Math.max(0, v));
  return rows.map(([x1, y1, x2, y2, score, cls]) => ({
    cls,
    score,
    box: [clamp(x1 / w), clamp(y1 / h), clamp(x2 / w), clamp(y2 / h)],
  }));
}

/**
 * A JPEG → RGB24 in this thread (jpeg-js, pure JavaScript): cheaper than an ffmpeg process per
 * picture (bench/ai-detector.mjs). Bounded: at most 40 Mpx and 512 MB while decoding.
 */
export function decodeJpeg(jpeg) {
  const img = jpegJs.decode(jpeg, {
    useTArray: true,
    formatAsRGBA: false,
    maxResolutionInMP: 40,
    maxMemoryUsageInMB: 512,
  });
  return { data: img.data, width: img.width, height: img.height };
}

function iou(a, b) {
  const ix = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const inter = ix * iy;
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
  return union > 0 ? inter / union : 0;
}

/**
 * Raw rows → detections: at least minScore, a known class, a box with an area, and of boxes of one
 * label that overlap (IoU > 0.45) only the best (the model's output holds near-duplicates).
 */
export function decode(rows, labels, { minScore, maxDetections }) {
  const kept = [];
  const sorted = rows
    .filter((r) => Number.isInteger(r.cls) && labels[r.cls] && r.score >= minScore)
    .filter((r) => r.box[2] > r.box[0] && r.box[3] > r.box[1])
    .sort((a, b) => b.score - a.score);
  for (const r of sorted) {
    if (kept.length >= maxDetections) break;
    if (kept.some((k) => k.cls === r.cls && iou(k.box, r.box) > IOU_SAME_OBJECT)) continue;
    kept.push(r);
  }
  const round = (v) => Math.round(v * 10_000) / 10_000;
  return kept.map((r) => ({ label: labels[r.cls], score: round(r.score), box: r.box.map(round) }));
}

function memory() {
  const m = process.memoryUsage();
  let wasmBytes = 0;
  try {
    wasmBytes = tf.backend().wasm.HEAPU8.byteLength;
  } catch {}
  return { heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, wasmBytes };
}

if (parentPort && workerData?.vigilDetector) {
  const port = parentPort;
  const { labels, threads } = workerData.vigilDetector;
  try {
    const model = await loadModel({ threads });
    // One warm-up frame: the first run compiles the graph and sizes the wasm heap.
    await runModel(model, { data: new Uint8Array(64 * 64 * 3), width: 64, height: 64 });
    port.on('message', async (msg) => {
      if (msg.type === 'memory') return port.postMessage({ type: 'memory', id: msg.id, memory: memory() });
      if (msg.type === 'crash') process.exit(3); // tests: a worker that dies mid-frame
      try {
        const rows = await runModel(model, msg.jpeg ? decodeJpeg(msg.jpeg) : msg.frame);
        port.postMessage({ type: 'result', id: msg.id, detections: decode(rows, labels, msg.options) });
      } catch (err) {
        port.postMessage({ type: 'result', id: msg.id, error: err instanceof Error ? err.message : String(err) });
      }
    });
    port.postMessage({ type: 'ready', backend: tf.getBackend(), simd: tf.env().getBool('WASM_HAS_SIMD_SUPPORT') });
  } catch (err) {
    port.postMessage({ type: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
}
