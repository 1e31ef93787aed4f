// The built-in detector's model (docs/decisions/0012 and 0017): CenterNet (MobileNet v3) for COCO,
// as @vladmandic/human ships it, on TensorFlow.js's WebAssembly backend. Plain JavaScript: the
// detector's worker thread imports it as it is (see detector-worker.mjs).
//
// The graph as shipped takes a 512×512 square and spends much of its time on two things this file
// changes when it loads the graph, without touching a weight:
// - the size. The network is fully convolutional, but its upsampling sizes and the decoding of its
//   heat map are constants for 512×512. They are rewritten for the picture's own shape (its longer
//   side the model's `side` — the detector uses 480, see local-detector.ts — the other rounded up
//   to a multiple of 32), so a 16:9 frame costs 480×288, not a square of black padding. One graph
//   per shape, the few last used kept.
// - the squeeze-and-excite averages. Mean over height and width transposes the whole feature map in
//   this backend before reducing it; an AvgPool of the same size (XNNPACK) gives the same numbers
//   in a fraction of the time.
// - the heat map's decoding (sigmoid, 3×3 peak test, top 100 of 1.2 M scores, gathers): done here
//   in JavaScript on the scores above the caller's floor only, from the class logits and box sizes
//   the graph computes before it; the same peaks, the same boxes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tfwasm from '@tensorflow/tfjs-backend-wasm';
import * as tfc from '@tensorflow/tfjs-converter';
import * as tf from '@tensorflow/tfjs-core';

const require = createRequire(import.meta.url);
/** The longer side of the input the network was trained at (the graph as shipped; loadModel's default side). */
export const INPUT = 512;
/** The network's total stride: an input side must be a multiple of it. */
const STRIDE = 32;
/** Graphs of this many picture shapes are kept (a camera has one; a few cameras, a few). */
const SHAPES_KEPT = 4;
/** Same-label boxes overlapping more than this are one object (the model repeats itself). */
const IOU_SAME_OBJECT = 0.45;
const UPSAMPLES = {
  'tower_0/CenternetHead/c5_upsample/up_sampling2d/mul': 16,
  'tower_0/CenternetHead/c4_upsample/up_sampling2d_1/mul': 8,
  'tower_0/CenternetHead/c3_upsample/up_sampling2d_2/mul': 4,
};
/** The heat map's width (the divisor that turns a flat index into a row) and its flat size. */
const HEATMAP_WIDTH = 'tower_0/strided_slice_6';
const HEATMAP_SIZE = 'tower_0/BatchGather/concat';
/** What the decoding starts from: class logits [1, H/4, W/4, 80] and box sides [1, H/4, W/4, 4]. */
const CLASS_LOGITS = 'tower_0/CenternetHead/centernet_cls_output/BiasAdd';
const BOX_SIDES = 'tower_0/wh';
/** The heat map's position → input pixels, for x1, y1, x2, y2 (the graph's own constants). */
const BOX_SCALES = ['tower_0/mul_3/y', 'tower_0/mul_4/y', 'tower_0/mul_5/y', 'tower_0/mul_6/y'];
/** The graph keeps the 100 best peaks. */
const MAX_PEAKS = 100;

/** The model and weights inside node_modules, and the backend's .wasm files. */
export function modelFiles() {
  const human = path.join(path.dirname(require.resolve('@vladmandic/human')), '..');
  return {
    model: path.join(human, 'models', 'centernet.json'),
    weights: path.join(human, 'models', 'centernet.bin'),
    wasmDir: path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')),
  };
}

/** The graph's input shape for a frame: the scaled picture (longer side `side`) and the padded input. */
export function inputShape(width, height, side = INPUT) {
  const scale = side / Math.max(width, height);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  return { w, h, W: Math.ceil(w / STRIDE) * STRIDE, H: Math.ceil(h / STRIDE) * STRIDE };
}

const bytesOf = (spec) =>
  spec.shape.reduce((a, b) => a * b, 1) *
  (spec.quantization ? { uint8: 1, uint16: 2, float16: 2 }[spec.quantization.dtype] : 4);

/** The shipped graph rewritten for an H×W input: shape constants, and Mean → AvgPool. */
function shapedGraph(json, bin, H, W) {
  const topology = structuredClone(json.modelTopology);
  const specs = json.weightsManifest.flatMap((m) => m.weights);
  const weights = new Uint8Array(bin.length);
  weights.set(bin);
  const values = {
    ...Object.fromEntries(Object.entries(UPSAMPLES).map(([name, s]) => [name, [H / s, W / s]])),
    [HEATMAP_WIDTH]: [W / 4],
    [HEATMAP_SIZE]: [(H / 4) * (W / 4), 4],
  };
  let offset = 0;
  let found = 0;
  for (const spec of specs) {
    const value = values[spec.name];
    if (value && spec.dtype === 'int32' && !spec.quantization) {
      new Int32Array(weights.buffer, offset, value.length).set(value);
      found += 1;
    }
    offset += bytesOf(spec);
  }
  if (found !== Object.keys(values).length) throw new Error('the CenterNet graph is not the one this code knows');

  const nodes = new Map(topology.node.map((n) => [n.name, n]));
  const input = topology.node.find((n) => n.op === 'Placeholder');
  const dims = [1, H, W, 3].map((size) => ({ size: String(size) }));
  input.attr.shape.shape.dim = dims;
  const signature = structuredClone(json.signature);
  signature.inputs[input.name].tensorShape.dim = dims;
  // The stride of each node's output against the input: strided ops multiply it, an upsampling
  // sets it from its (rewritten) size.
  const strides = new Map();
  const strideOf = (name) => {
    const node = nodes.get(name.split(':')[0]);
    if (!node || node.op === 'Placeholder') return 1;
    if (strides.has(node.name)) return strides.get(node.name);
    let s;
    if (node.op === 'ResizeBilinear') s = UPSAMPLES[node.input[1]];
    else {
      const from = node.input.find((i) => nodes.get(i.split(':')[0])?.op !== 'Const');
      const own = node.attr?.strides?.list?.i;
      s = (from ? strideOf(from) : 1) * (own ? Number(own[1]) : 1);
    }
    strides.set(node.name, s);
    return s;
  };
  const b64 = (s) => Buffer.from(s).toString('base64');
  for (const node of topology.node) {
    if (node.op !== 'Mean' || !node.attr?.keep_dims?.b) continue;
    const s = strideOf(node.input[0]);
    node.op = 'AvgPool';
    node.input = [node.input[0]];
    node.attr = {
      T: node.attr.T,
      ksize: { list: { i: ['1', String(H / s), String(W / s), '1'] } },
      strides: { list: { i: ['1', '1', '1', '1'] } },
      padding: { s: b64('VALID') },
      data_format: { s: b64('NHWC') },
    };
  }
  return { topology, signature, specs, weights };
}

/**
 * Loads the model from node_modules (no fetch, no network). `asShipped`: the graph as the package
 * ships it, 512×512 only (the benches' baseline). `shapesKept`: graphs of that many input shapes
 * stay loaded. `side`: the longer side frames are scaled to (a multiple of 32; the network is fully
 * convolutional, so any such side runs the same weights).
 */
export async function loadModel({ threads = 1, asShipped = false, shapesKept = SHAPES_KEPT, side = INPUT } = {}) {
  const files = modelFiles();
  tfwasm.setWasmPaths(`${files.wasmDir}${path.sep}`);
  tfwasm.setThreadsCount(threads);
  if (!(await tf.setBackend('wasm'))) throw new Error('the WebAssembly backend of TensorFlow.js did not start');
  await tf.ready();
  const json = JSON.parse(readFileSync(files.model, 'utf8'));
  const bin = readFileSync(files.weights);
  const graphs = new Map();

  async function load(H, W) {
    const g = asShipped
      ? {
          topology: json.modelTopology,
          signature: json.signature,
          specs: json.weightsManifest.flatMap((m) => m.weights),
          weights: new Uint8Array(bin),
        }
      : shapedGraph(json, bin, H, W);
    return tfc.loadGraphModel(
      tf.io.fromMemory({
        modelTopology: g.topology,
        weightSpecs: g.specs,
        weightData: g.weights.buffer,
        format: json.format,
        signature: g.signature,
      }),
    );
  }

  return {
    asShipped,
    side: asShipped ? INPUT : side,
    /** The graph for an H×W input (loaded on first use; the least recently used beyond shapesKept dropped). */
    async graph(H, W) {
      const key = asShipped ? 'shipped' : `${H}x${W}`;
      let graph = graphs.get(key);
      if (graph) graphs.delete(key);
      else graph = await load(H, W);
      graphs.set(key, graph);
      for (const [old, g] of graphs) {
        if (graphs.size <= shapesKept) break;
        graphs.delete(old);
        g.dispose();
      }
      return graph;
    },
    shapes: () => [...graphs.keys()],
    dispose() {
      for (const g of graphs.values()) g.dispose();
      graphs.clear();
    },
  };
}

/**
 * The model on one RGB24 frame, letterboxed: scaled so its longer side is the model's side (already
 * that size when it was decoded at it by decodeJpegToRgb: no resize here), black below and to the right up to the
 * input's multiple of 32 (a square of 512 for the graph as shipped). Returns the detection rows
 * (x1, y1, x2, y2 in input pixels, score, COCO class index: the graph's own [1, 100, 6] output for
 * the graph as shipped, the same decoded here above `floor` for a shaped one) with boxes as
 * fractions of the frame.
 */
export async function runModel(model, frame, floor = 0.1) {
  const { width, height, data } = frame;
  const shape = inputShape(width, height, model.side);
  const { w, h } = shape;
  const [H, W] = model.asShipped ? [INPUT, INPUT] : [shape.H, shape.W];
  const graph = await model.graph(H, W);
  const out = tf.tidy(() => {
    let input;
    if (w === width && h === height) {
      // Bytes to floats and padding in one pass over the picture.
      const floats = new Float32Array(H * W * 3);
      const row = w * 3;
      for (let y = 0; y < h; y++) {
        const from = y * row;
        const to = y * W * 3;
        for (let i = 0; i < row; i++) floats[to + i] = data[from + i];
      }
      input = tf.tensor4d(floats, [1, H, W, 3]);
    } else {
      const pixels = tf.cast(tf.tensor3d(data, [height, width, 3], 'int32'), 'float32');
      const resized = tf.image.resizeBilinear(pixels, [h, w]);
      input = tf.expandDims(
        tf.pad(resized, [
          [0, H - h],
          [0, W - w],
          [0, 0],
        ]),
        0,
      );
    }
    return graph.execute(input, model.asShipped ? 'tower_0/detections' : [CLASS_LOGITS, BOX_SIDES]);
  });
  let rows;
  if (model.asShipped) {
    rows = (await out.array())[0];
    out.dispose();
  } else {
    const [logits, sides] = out;
    const [, rowsOf, cols, classes] = logits.shape;
    const scales = BOX_SCALES.map((name) => graph.weights[name][0].dataSync()[0]);
    rows = peaks(await logits.data(), await sides.data(), { rows: rowsOf, cols, classes, scales, floor });
    logits.dispose();
    sides.dispose();
  }
  const clamp = (v) => Math.min(1, Math.max(0, v));
  return rows.map(([x1, y1, x2, y2, score, cls]) => ({
    cls,
    score,
    box: [clamp(x1 / w), clamp(y1 / h), clamp(x2 / w), clamp(y2 / h)],
  }));
}

/**
 * The heat map's peaks as the graph finds them: a class score that no neighbour of its 3×3 window
 * (same class) beats, at least `floor`, the best 100; each with its box from the four sides at its
 * position. Compared on logits (the sigmoid keeps order), the sigmoid taken for the peaks only.
 */
export function peaks(logits, sides, { rows, cols, classes, scales, floor }) {
  const least = Math.log(floor / (1 - floor));
  const found = [];
  for (let i = 0; i < logits.length; i++) {
    const v = logits[i];
    if (v < least) continue;
    const c = i % classes;
    const p = (i - c) / classes;
    const x = p % cols;
    const y = (p - x) / cols;
    let peak = true;
    for (let dy = -1; dy <= 1 && peak; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= rows) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= cols || (dx === 0 && dy === 0)) continue;
        if (logits[(yy * cols + xx) * classes + c] > v) {
          peak = false;
          break;
        }
      }
    }
    if (peak) found.push({ p, x, y, c, v });
  }
  found.sort((a, b) => b.v - a.v);
  return found
    .slice(0, MAX_PEAKS)
    .map(({ p, x, y, c, v }) => [
      x * scales[0] - sides[p * 4],
      y * scales[1] - sides[p * 4 + 1],
      x * scales[2] + sides[p * 4 + 2],
      y * scales[3] + sides[p * 4 + 3],
      1 / (1 + Math.exp(-v)),
      c,
    ]);
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

export { iou };

/** The WebAssembly heap the model runs in, in bytes (0 before the backend started). */
export function wasmHeapBytes() {
  try {
    return tf.backend().wasm.HEAPU8.byteLength;
  } catch {
    return 0;
  }
}

export const backendInfo = () => ({ backend: tf.getBackend(), simd: tf.env().getBool('WASM_HAS_SIMD_SUPPORT') });
