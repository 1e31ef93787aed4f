// The CenterNet graph as @vladmandic/human ships it, rewritten at load for what a frame needs
// (docs/decisions/0017). Plain JavaScript: the detector's worker thread imports it through
// centernet.mjs as it is. Three rewrites, none changing a number the network computes:
// - the size. The network is fully convolutional, but its upsampling sizes and the decoding of its
//   heat map are constants for 512×512. They are rewritten for the picture's own shape (its longer
//   side the model's side, the other rounded up to a multiple of 32), so a 16:9 frame costs
//   480×288, not a square of black padding.
// - the squeeze-and-excite averages. Mean over height and width transposes the whole feature map in
//   this backend before reducing it; an AvgPool of the same size (XNNPACK) gives the same numbers
//   in a fraction of the time.
// - the class head. Its last 1×1 convolution turns 128 channels into 80 class logits at every
//   position of a quarter-size map: ~13 % of the network's multiply-adds for a camera that asks for
//   one or two labels. Each output channel is one class, computed from its own column of weights
//   and its own bias, so keeping only the asked classes' columns gives those classes' logits
//   exactly, and nothing else of the graph reads them but the heat-map decoding done in JavaScript.

/** The network's total stride: an input side must be a multiple of it. */
export const STRIDE = 32;
/** The COCO classes the class head scores. */
export const CLASSES = 80;
export const UPSAMPLES = {
  'tower_0/CenternetHead/c5_upsample/up_sampling2d/mul': 16,
  'tower_0/CenternetHead/c4_upsample/up_sampling2d_1/mul': 8,
  'tower_0/CenternetHead/c3_upsample/up_sampling2d_2/mul': 4,
};
/** The heat map's width (the divisor that turns a flat index into a row) and its flat size. */
const HEATMAP_WIDTH = 'tower_0/strided_slice_6';
const HEATMAP_SIZE = 'tower_0/BatchGather/concat';
/** The class head's 1×1 convolution: weights [1, 1, 128, 80] and biases [80], float16 in the file. */
const CLASS_WEIGHTS = 'CenternetHead/centernet_cls_output/pointwise_weights';
const CLASS_BIASES = 'CenternetHead/centernet_cls_output/biases';

const bytesOf = (spec) =>
  spec.shape.reduce((a, b) => a * b, 1) *
  (spec.quantization ? { uint8: 1, uint16: 2, float16: 2 }[spec.quantization.dtype] : 4);

/**
 * The last dimension of a tensor's bytes cut to the entries `keep` (indices in it), `width` bytes
 * each: the class head's columns for the asked classes, in the order asked.
 */
function keepLast(bytes, rows, last, width, keep) {
  const out = new Uint8Array(rows * keep.length * width);
  for (let r = 0; r < rows; r++)
    for (const [k, i] of keep.entries()) {
      const from = (r * last + i) * width;
      out.set(bytes.subarray(from, from + width), (r * keep.length + k) * width);
    }
  return out;
}

/**
 * The shipped graph rewritten for an H×W input: shape constants, Mean → AvgPool, and, when
 * `classes` (ascending COCO indices) is given, the class head cut to those classes: its logits'
 * channel k is then the class classes[k].
 */
export function shapedGraph(json, bin, H, W, classes) {
  const topology = structuredClone(json.modelTopology);
  const values = {
    ...Object.fromEntries(Object.entries(UPSAMPLES).map(([name, s]) => [name, [H / s, W / s]])),
    [HEATMAP_WIDTH]: [W / 4],
    [HEATMAP_SIZE]: [(H / 4) * (W / 4), 4],
  };
  const sliced = classes && classes.length < CLASSES ? classes : undefined;
  const specs = [];
  const parts = [];
  let offset = 0;
  let found = 0;
  for (const shipped of json.weightsManifest.flatMap((m) => m.weights)) {
    const size = bytesOf(shipped);
    let bytes = bin.subarray(offset, offset + size);
    offset += size;
    let spec = shipped;
    const value = values[spec.name];
    if (value && spec.dtype === 'int32' && !spec.quantization) {
      bytes = new Uint8Array(bytes);
      new Int32Array(bytes.buffer, 0, value.length).set(value);
      found += 1;
    } else if (sliced && (spec.name === CLASS_WEIGHTS || spec.name === CLASS_BIASES)) {
      const last = spec.shape.at(-1);
      if (last !== CLASSES || spec.quantization?.dtype !== 'float16') break;
      const width = 2;
      bytes = keepLast(bytes, size / width / last, last, width, sliced);
      spec = { ...spec, shape: [...spec.shape.slice(0, -1), sliced.length] };
      found += 1;
    }
    specs.push(spec);
    parts.push(bytes);
  }
  if (found !== Object.keys(values).length + (sliced ? 2 : 0))
    throw new Error('the CenterNet graph is not the one this code knows');
  const weights = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    weights.set(p, at);
    at += p.length;
  }

  const nodes = new Map(topology.node.map((n) => [n.name, n]));
  if (sliced)
    for (const name of [CLASS_WEIGHTS, CLASS_BIASES]) {
      const dims = nodes.get(name).attr.value.tensor.tensorShape.dim;
      dims[dims.length - 1] = { size: String(sliced.length) };
    }
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
