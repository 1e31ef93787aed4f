// The local detector's thread (docs/decisions/0012-local-detector.md, 0017-detector-speed.md).
// Plain JavaScript on purpose: a worker thread starts from a file, and this one runs unchanged under
// tsx, Vitest and the esbuild bundle (scripts/build-server.mjs copies it, centernet.mjs and
// centernet-graph.mjs next to dist/main.js). Its imports are npm packages and centernet.mjs.
//
// It loads the CenterNet (MobileNet v3) COCO model once (centernet.mjs), then answers one frame at
// a time: { id, frame: { data: RGB24, width, height }, options, classes? } → { id, detections } or
// { id, error }. `classes` (COCO indices) are the only ones looked for: the graph scores just those.
// JPEGs are decoded before they reach this thread (decode-jpeg.ts: libjpeg scales while decoding).
import { parentPort, workerData } from 'node:worker_threads';
import { backendInfo, decode, loadModel, runModel, wasmHeapBytes } from './centernet.mjs';

function memory() {
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, wasmBytes: wasmHeapBytes() };
}

if (parentPort && workerData?.vigilDetector) {
  const port = parentPort;
  const { labels, threads, side } = workerData.vigilDetector;
  try {
    const model = await loadModel({ threads, side });
    // One warm-up frame, 16:9 (most cameras): the first run of a graph compiles it and sizes the heap.
    await runModel(model, { data: new Uint8Array(64 * 36 * 3), width: 64, height: 36 });
    port.on('message', async (msg) => {
      if (msg.type === 'memory') return port.postMessage({ type: 'memory', id: msg.id, memory: memory() });
      if (msg.type === 'crash') process.exit(3); // tests: a worker that dies mid-frame
      try {
        const rows = await runModel(model, msg.frame, msg.options.minScore, msg.classes);
        port.postMessage({ type: 'result', id: msg.id, detections: decode(rows, labels, msg.options) });
      } catch (err) {
        port.postMessage({ type: 'result', id: msg.id, error: err instanceof Error ? err.message : String(err) });
      }
    });
    port.postMessage({ type: 'ready', ...backendInfo() });
  } catch (err) {
    port.postMessage({ type: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
}
