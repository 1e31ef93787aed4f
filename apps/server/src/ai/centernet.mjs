// The built-in detector's model (docs/decisions/0012 and 0017): CenterNet (MobileNet v3) for COCO,
// as @vladmandic/human ships it, on TensorFlow.js's WebAssembly backend. Plain JavaScript: the
// detector's worker thread imports it as it is (see detector-worker.mjs).
//
// The graph is rewritten when it loads (centernet-graph.mjs): shaped to the picture (its longer side
// the model's `side`; the detector uses 480, see local-detector.ts), its averages done by AvgPool,
// its class head cut to the classes asked for. One graph per picture shape, the few last used kept.
// The heat map's decoding (sigmoid, 3×3 peak test, top 100, gathers) is done here in JavaScript on
// the scores above the caller's floor only, from the class logits and box sizes the graph computes
// before it; the same peaks, the same boxes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tfwasm from '@tensorflow/tfjs-backend-wasm';
import * as tfc from '@tensorflow/tfjs-converter';
import * as tf from '@tensorflow/tfjs-core';
import { CLASSES, STRIDE, shapedGraph } from './centernet-graph.mjs';

const require = createRequire(import.meta.url);
/** The longer side of the input the network was trained at (the graph as shipped; loadModel's default side). */
export const INPUT = 512;
/** Graphs of this many picture shapes are kept (a camera has one; a few cameras, a few). */
const SHAPES_KEPT = 4;
/** Same-label boxes overlapping more than this are one object (the model repeats itself). */
const IOU_SAME_OBJECT = 0.45;
/** What the decoding starts from: class logits [1, H/4, W/4, classes] and box sides [1, H/4, W/4, 4]. */
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

/** Ascending COCO indices of `classes` (undefined: all); undefined when that is every class. */
function classSet(...lists) {
  if (lists.some((l) => !l)) return undefined;
  const set = [...new Set(lists.flat())].sort((a, b) => a - b);
  for (const c of set) if (!Number.isInteger(c) || c < 0 || c >= CLASSES) throw new Error(`no COCO class ${c}`);
  return set.length >= CLASSES ? undefined : set;
}

/**
 * Loads the model from node_modules (no fetch, no network). `asShipped`: the graph as the package
 * ships it, 512×512 only (the benches' baseline). `shapesKept`: graphs of that many input shapes
 * stay loaded. `side`: the longer side frames are scaled to (a multiple of 32; the network is fully
 * convolutional, so any such side runs the same weights).
 *
 * A shape's graph scores the classes asked of it so far (all of them for a caller that asks for
 * none): a class not among them rebuilds it for the union, once. Cameras of one shape asking for
 * different labels thus share one graph instead of evicting each other's on every frame, and a
 * few classes more in the head cost next to nothing (each is 1/80 of its ~13 %).
 */
export async function loadModel({ threads = 1, asShipped = false, shapesKept = SHAPES_KEPT, side = INPUT } = {}) {
  const files = modelFiles();
  tfwasm.setWasmPaths(`${files.wasmDir}${path.sep}`);
  tfwasm.setThreadsCount(threads);
  if (!(await tf.setBackend('wasm'))) throw new Error('the WebAssembly backend of TensorFlow.js did not start');
  await tf.ready();
  const json = JSON.parse(readFileSync(files.model, 'utf8'));
  const bin = readFileSync(files.weights);
  /** Shape key → { graph, classes: the COCO index of each logit channel, undefined for all 80 }. */
  const graphs = new Map();

  async function load(H, W, classes) {
    const g = asShipped
      ? {
          topology: json.modelTopology,
          signature: json.signature,
          specs: json.weightsManifest.flatMap((m) => m.weights),
          weights: new Uint8Array(bin),
        }
      : shapedGraph(json, bin, H, W, classes);
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

  /** The loaded graph for an H×W input that scores at least `classes` (loaded or widened on first use). */
  async function entry(H, W, classes) {
    const key = asShipped ? 'shipped' : `${H}x${W}`;
    let found = graphs.get(key);
    const covered = found && (!found.classes || classes?.every((c) => found.classes.includes(c)));
    if (!covered) {
      const wanted = asShipped ? undefined : classSet(classes, ...(found ? [found.classes] : []));
      // The graph it widens stays in place until the wider one has loaded (a load that fails keeps it).
      const graph = await load(H, W, wanted);
      graphs.get(key)?.graph.dispose();
      found = { graph, classes: wanted };
    }
    graphs.delete(key);
    graphs.set(key, found);
    for (const [old, g] of graphs) {
      if (graphs.size <= shapesKept) break;
      graphs.delete(old);
      g.graph.dispose();
    }
    return found;
  }

  return {
    asShipped,
    side: asShipped ? INPUT : side,
    entry,
    /** The graph for an H×W input scoring every class (the least recently used shape beyond shapesKept dropped). */
    graph: async (H, W) => (await entry(H, W, undefined)).graph,
    shapes: () => [...graphs.keys()],
    /** The COCO classes the shape's graph scores (undefined: all, or no graph for that shape). */
    classesOf: (key) => graphs.get(key)?.classes,
    dispose() {
      for (const g of graphs.values()) g.graph.dispose();
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
 * fractions of the frame. `classes` (COCO indices): only those are looked for and returned; a
 * shaped graph then computes only their scores (see loadModel).
 */
export async function runModel(model, frame, floor = 0.1, classes = undefined) {
  const { width, height, data } = frame;
  const shape = inputShape(width, height, model.side);
  const { w, h } = shape;
  const [H, W] = model.asShipped ? [INPUT, INPUT] : [shape.H, shape.W];
  const asked = classSet(classes);
  const { graph, classes: channels } = await model.entry(H, W, asked);
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
    rows = (await out.array())[0].filter((r) => !asked || asked.includes(r[5]));
    out.dispose();
  } else {
    const [logits, sides] = out;
    const [, rowsOf, cols, classes] = logits.shape;
    const scales = BOX_SCALES.map((name) => graph.weights[name][0].dataSync()[0]);
    const cocoOf = (channel) => (channels ? channels[channel] : channel);
    const wanted = asked && Array.from({ length: classes }, (_, c) => asked.includes(cocoOf(c)));
    const shape = { rows: rowsOf, cols, classes, scales, floor, wanted };
    rows = peaks(await logits.data(), await sides.data(), shape);
    for (const r of rows) r[5] = cocoOf(r[5]);
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
 * `wanted` (a flag per channel): the channels to look at, all when absent. Rows give the channel.
 */
export function peaks(logits, sides, { rows, cols, classes, scales, floor, wanted }) {
  const least = Math.log(floor / (1 - floor));
  const found = [];
  for (let i = 0; i < logits.length; i++) {
    const v = logits[i];
    if (v < least) continue;
    const c = i % classes;
    if (wanted && !wanted[c]) continue;
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
