import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { COCO_LABELS, type Detection } from '@vigil/shared';
import { AppError } from '../lib/app-error.ts';
import { decodeJpegToRgb, type RgbFrame } from './decode-jpeg.ts';

export type { RgbFrame };

/**
 * What to look for in a frame. `labels`: only these COCO labels are looked for and returned (the
 * model then scores just them, ~0.9× the CPU for one or two); every label when absent.
 */
export interface DetectOptions {
  labels?: readonly string[];
}

/** The local detector's front: what createLocalDetector() returns and the analyser calls. */
export interface LocalDetectorFront {
  detect(frame: { data: Uint8Array; width: number; height: number }, options?: DetectOptions): Promise<Detection[]>;
  /** The JPEG decoded at the model's input size (far cheaper than decoding it whole), when the front offers it. */
  detectJpeg?(jpeg: Uint8Array, options?: DetectOptions): Promise<Detection[]>;
  close(): Promise<void> | void;
}

/**
 * Vigil's built-in detector of COCO objects (docs/decisions/0012-local-detector.md, 0017-detector-speed.md):
 * CenterNet on TensorFlow.js's WebAssembly backend, in a worker thread so the ~0.1–0.15 CPU-s a
 * frame costs never blocks the event loop. One frame at a time: requests wait in a queue here. A worker
 * that dies is replaced; the frame it was analysing fails with `unavailable`, the queued ones go to
 * the new worker. No network: the model and the .wasm files come from node_modules.
 */

const CRASH = Symbol('crash');

export interface LocalDetectorOptions {
  /** Detections below this score are not returned (the camera's own minimum filters after). Default 0.3. */
  minScore?: number;
  /** At most this many detections a frame, best first. Default 20. */
  maxDetections?: number;
  /** A frame taking longer than this ends the worker (it is stuck) and fails `deadline-exceeded`. Default 30 s. */
  timeoutMs?: number;
  /** WebAssembly threads (the backend's pool; 1 keeps the cost one core). Default 1. */
  threads?: number;
  /** The longer side of the model's input, in pixels (a multiple of 32). Default INPUT_SIDE. */
  inputSide?: number;
}

export interface LocalDetector {
  /** Settles when the first worker has loaded the model (rejects if it cannot). */
  ready: Promise<void>;
  /** A label the model does not know, or an empty list, fails `invalid-argument`. */
  detect(frame: RgbFrame, options?: DetectOptions): Promise<Detection[]>;
  /**
   * The same on a JPEG (up to 40 Mpx), decoded at the model's input size off the event loop
   * (decodeJpegToRgb). A broken picture fails `invalid-argument`.
   */
  detectJpeg(jpeg: Uint8Array, options?: DetectOptions): Promise<Detection[]>;
  /** The worker's memory as it sees it (its V8 heap, and the WebAssembly heap the model runs in). */
  memory(): Promise<WorkerMemory>;
  /** Ends the worker; queued and later requests fail with `cancelled`. */
  close(): Promise<void>;
}

export interface WorkerMemory {
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  wasmBytes: number;
}

/**
 * The longer side pictures are scaled to before the model (the worker's graph is shaped to it, and
 * JPEGs are decoded at it). 480, not the 512 the network was trained at: ~0.9× the CPU, and the
 * held-out photograph keeps every detection the graph as shipped is sure of; at 448 one is lost
 * (docs/decisions/0017, bench/ai-input-size.mjs).
 */
export const INPUT_SIDE = 480;

/** The labels asked for as the model's class indices (undefined: all of them). */
function classesOf(labels: readonly string[] | undefined): number[] | undefined {
  if (labels === undefined) return undefined;
  if (labels.length === 0) throw new AppError('invalid-argument', 'ask the local detector for at least one label');
  const known: readonly string[] = COCO_LABELS;
  return [...new Set(labels)].map((label) => {
    const i = known.indexOf(label);
    if (i < 0) throw new AppError('invalid-argument', `the local detector knows no label "${label}"`);
    return i;
  });
}

/** Above this a frame is refused: the caller should scale it (decodeJpegToRgb does) — 4K is 8.3 Mpx. */
const MAX_PIXELS = 3840 * 2160;

/** The worker file: next to this one in the sources, next to dist/main.js in the bundle. */
function workerFile(): URL {
  for (const candidate of ['./detector-worker.mjs', './ai/detector-worker.mjs']) {
    const url = new URL(candidate, import.meta.url);
    if (existsSync(url)) return url;
  }
  throw new Error('detector-worker.mjs is missing next to the server (rebuild with npm run build)');
}

interface Pending {
  id: number;
  frame: RgbFrame;
  /** COCO indices to look for; all when absent. */
  classes?: number[];
  resolve: (d: Detection[]) => void;
  reject: (e: Error) => void;
}

type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'result'; id: number; detections?: Detection[]; error?: string }
  | { type: 'memory'; id: number; memory: WorkerMemory };

export function createLocalDetector(opts: LocalDetectorOptions = {}): LocalDetector {
  const options = {
    minScore: opts.minScore ?? 0.3,
    maxDetections: opts.maxDetections ?? 20,
  };
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const inputSide = opts.inputSide ?? INPUT_SIDE;
  const queue: Pending[] = [];
  const memoryWaiters = new Map<number, { resolve: (m: WorkerMemory) => void; reject: (e: Error) => void }>();
  let current: Pending | undefined;
  let worker: Worker | undefined;
  let workerReady = false;
  let startError: Error | undefined;
  let closed = false;
  let nextId = 1;
  let timer: NodeJS.Timeout | undefined;
  let onReady: { resolve: () => void; reject: (e: Error) => void } | undefined;

  function start(): Promise<void> {
    workerReady = false;
    startError = undefined;
    const w = new Worker(workerFile(), {
      workerData: { vigilDetector: { labels: [...COCO_LABELS], threads: opts.threads ?? 1, side: inputSide } },
    });
    worker = w;
    const started = new Promise<void>((resolve, reject) => {
      onReady = { resolve, reject };
    });
    w.on('message', (msg: FromWorker) => {
      if (w !== worker) return;
      if (msg.type === 'ready') {
        workerReady = true;
        onReady?.resolve();
        pump();
      } else if (msg.type === 'failed') {
        fail(new AppError('unavailable', `the local detector could not load its model: ${msg.error}`));
      } else if (msg.type === 'memory') {
        memoryWaiters.get(msg.id)?.resolve(msg.memory);
        memoryWaiters.delete(msg.id);
        holdWhileBusy();
      } else if (msg.type === 'result' && current?.id === msg.id) {
        const done = current;
        current = undefined;
        clearTimeout(timer);
        if (msg.error) done.reject(new AppError('internal', `the local detector failed on this frame: ${msg.error}`));
        else done.resolve(msg.detections ?? []);
        pump();
      }
    });
    w.on('error', (err) => {
      if (w === worker) died(`the local detector's worker failed: ${err.message}`);
    });
    w.on('exit', (code) => {
      if (w === worker) died(`the local detector's worker stopped (exit code ${code})`);
    });
    return started;
  }

  /** The worker could not load the model: everything waiting fails, the next detect() tries again. */
  function fail(err: Error) {
    startError = err;
    onReady?.reject(err);
    const w = worker;
    worker = undefined;
    void w?.terminate();
    clearTimeout(timer);
    for (const p of [...(current ? [current] : []), ...queue.splice(0)]) p.reject(err);
    current = undefined;
    dropMemoryWaiters(err);
  }

  /** The worker died: before it was ready, that is a failed start; after, the frame in it fails and a new one starts. */
  function died(reason: string) {
    if (closed) return;
    if (!workerReady) return fail(new AppError('unavailable', `${reason} while loading the model`));
    worker = undefined;
    clearTimeout(timer);
    const lost = current;
    current = undefined;
    lost?.reject(new AppError('unavailable', `${reason} while analysing this frame; it has been restarted`));
    dropMemoryWaiters(new AppError('unavailable', reason));
    void start().catch(() => {});
  }

  function dropMemoryWaiters(err: Error) {
    for (const waiter of memoryWaiters.values()) waiter.reject(err);
    memoryWaiters.clear();
  }

  /**
   * An idle worker does not keep the process alive (a server that forgets close() still exits);
   * a worker loading its model or answering does (a script awaiting detect() is not cut short).
   */
  function holdWhileBusy() {
    if (!worker) return;
    if (!workerReady || current || queue.length > 0 || memoryWaiters.size > 0) worker.ref();
    else worker.unref();
  }

  function pump() {
    if (closed || current || !worker || !workerReady) return holdWhileBusy();
    const next = queue.shift();
    if (!next) return holdWhileBusy();
    current = next;
    const w = worker;
    timer = setTimeout(() => {
      if (current !== next || w !== worker) return;
      worker = undefined;
      current = undefined;
      next.reject(new AppError('deadline-exceeded', `the local detector took longer than ${timeoutMs} ms on a frame`));
      dropMemoryWaiters(new AppError('unavailable', 'the local detector was restarted'));
      void w.terminate();
      void start().catch(() => {});
    }, timeoutMs);
    w.postMessage({ type: 'detect', id: next.id, frame: next.frame, classes: next.classes, options });
    holdWhileBusy();
  }

  function enqueue(frame: RgbFrame, classes: number[] | undefined): Promise<Detection[]> {
    return new Promise<Detection[]>((resolve, reject) => {
      queue.push({ id: nextId++, frame, classes, resolve, reject });
      if (!worker && startError) void start().catch(() => {});
      pump();
    });
  }

  const ready = start();
  // A failed start is reported through ready and each detect(); nobody has to await ready.
  ready.catch(() => {});

  const detector: LocalDetector & { [CRASH]: () => void } = {
    [CRASH]: () => worker?.postMessage({ type: 'crash' }),
    ready,
    detect(frame, detectOptions) {
      if (closed) return Promise.reject(new AppError('cancelled', 'the local detector is closed'));
      let classes: number[] | undefined;
      try {
        classes = classesOf(detectOptions?.labels);
      } catch (e) {
        return Promise.reject(e);
      }
      const { data, width, height } = frame;
      if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
        return Promise.reject(new AppError('invalid-argument', 'a frame needs a whole positive width and height'));
      }
      if (width * height > MAX_PIXELS) {
        return Promise.reject(new AppError('invalid-argument', `a frame may hold at most ${MAX_PIXELS} pixels`));
      }
      if (!(data instanceof Uint8Array) || data.length !== width * height * 3) {
        return Promise.reject(new AppError('invalid-argument', 'a frame is width × height × 3 bytes of RGB'));
      }
      return enqueue({ data, width, height }, classes);
    },
    async detectJpeg(jpeg, detectOptions) {
      if (closed) throw new AppError('cancelled', 'the local detector is closed');
      if (!(jpeg instanceof Uint8Array)) throw new AppError('invalid-argument', 'not a JPEG picture');
      classesOf(detectOptions?.labels);
      return detector.detect(await decodeJpegToRgb(jpeg, { maxSide: inputSide }), detectOptions);
    },
    memory() {
      const w = worker;
      if (!w || !workerReady) return Promise.reject(new AppError('unavailable', 'the local detector is not running'));
      const id = nextId++;
      return new Promise<WorkerMemory>((resolve, reject) => {
        memoryWaiters.set(id, { resolve, reject });
        holdWhileBusy();
        w.postMessage({ type: 'memory', id });
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      const cancelled = new AppError('cancelled', 'the local detector was closed');
      for (const p of [...(current ? [current] : []), ...queue.splice(0)]) p.reject(cancelled);
      current = undefined;
      dropMemoryWaiters(cancelled);
      onReady?.reject(cancelled);
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
  return detector;
}

/** Tests only: makes the worker exit as if it crashed (mid-frame if one is being analysed). */
export function crashWorkerForTest(detector: LocalDetector): void {
  (detector as LocalDetector & { [CRASH]?: () => void })[CRASH]?.();
}
