/**
 * Motion from a small, low-rate gray picture (DESIGN §7): ffmpeg decodes the camera once more
 * into MOTION_FRAME-sized 8-bit gray frames and this compares each one with a running average
 * of the scene. Pure: frames and their arrival times in, a score and start/stop events out.
 *
 * Noise tolerance comes from three places: ffmpeg's area downscale averages each output pixel
 * over many camera pixels, a 3×3 box blur here averages again, and a pixel only counts as
 * changed past a gray-level threshold. A change over most of the picture is a lighting change
 * (lights, IR switch, auto-exposure), not motion: the background is taken afresh instead.
 *
 * The background learns only what is still: a pixel that differs from it is left out of the
 * average until it has differed for `absorbAfterMs` in a row (something that stopped moving, which
 * then fades in). Averaging a passing object in left a ghost of its path that kept "moving" after
 * it had gone: at one frame a second each pass added ~5 % of its brightness, a few passes over the
 * same pixels crossed the threshold, and the motion's end came seconds late.
 */

/** The frames ffmpeg sends: 96×54 (16:9, any source is stretched to it) at 5 per second. */
export const MOTION_FRAME = { width: 96, height: 54, fps: 5 } as const;

export interface MotionDetectorOptions {
  width: number;
  height: number;
  /** Gray levels (0–255) between the blurred frame and the background that make a pixel "changed". */
  pixelThreshold?: number;
  /** Fraction of changed pixels that is motion (0.002 ≈ 10 pixels of 96×54, a person far away). */
  startArea?: number;
  /** Below this fraction a frame is quiet (lower than startArea: hysteresis). */
  stopArea?: number;
  /** Consecutive frames at or above startArea before motion starts (one noisy frame is not enough). */
  startFrames?: number;
  /** Quiet time after the last moving frame before motion stops. */
  stopAfterMs?: number;
  /** A change over this fraction of the picture is lighting: reset the background, no motion. */
  lightingArea?: number;
  /** How fast the background absorbs the picture (per frame): something that stops moving fades in. */
  learningRate?: number;
  /** A pixel that has differed from the background this long is part of the scene: it is learnt again. */
  absorbAfterMs?: number;
  /** Motion must last this long (first to latest moving frame) before it starts. */
  minDurationMs?: number;
  /**
   * Frames are far apart (keyframes, about one a second): motion began somewhere between the last
   * still frame and the first moving one, and ended between the last moving and the next still
   * one. Report the middle of each interval (half the error of either end).
   */
  sparse?: boolean;
  /** 1 = ignored pixel (a tree, a clock). Areas are fractions of the pixels that count. */
  mask?: Uint8Array;
  /**
   * Named areas (1 = inside). With any, only pixels inside a zone count, and an event names the
   * zones it touched.
   */
  zones?: { name: string; pixels: Uint8Array }[];
}

export type MotionEvent =
  /** at: the first frame of the run that started it; zones: those touched so far. */
  | { type: 'start'; at: number; zones: string[] }
  /** at: the last frame that still moved (what post-roll counts from); zones: all it touched. */
  | { type: 'stop'; at: number; zones: string[] };

export interface MotionSample {
  /** Fraction of changed pixels (0 for a lighting change or the first frame). */
  score: number;
  event?: MotionEvent;
}

const DEFAULTS = {
  pixelThreshold: 20,
  startArea: 0.002,
  stopArea: 0.001,
  startFrames: 2,
  stopAfterMs: 2000,
  lightingArea: 0.6,
  learningRate: 0.05,
  absorbAfterMs: 2000,
  minDurationMs: 0,
  sparse: false,
} satisfies Omit<Required<MotionDetectorOptions>, 'width' | 'height' | 'mask' | 'zones'>;

/** A zone counts as touched by a frame when at least this many of its pixels changed. */
const ZONE_MIN_PIXELS = 2;

/** Frames of a new background during which no motion is reported (1 s at 5 fps). */
const WARMUP_FRAMES = 5;

/** Column sums of three rows, reused by boxBlur3 (one row wide; grown as needed). */
let columns = new Int32Array(0);

/**
 * 3×3 box blur with edge clamping, into out (Float32 so the background can average finely). Each
 * column's three rows are summed once and each output adds three of those sums: the same integer
 * sum as adding the nine pixels, for a third of the reads.
 */
export function boxBlur3(src: Uint8Array, width: number, height: number, out: Float32Array): Float32Array {
  if (columns.length < width) columns = new Int32Array(width);
  const col = columns;
  for (let y = 0; y < height; y++) {
    const a = (y > 0 ? y - 1 : 0) * width;
    const b = y * width;
    const c = (y < height - 1 ? y + 1 : height - 1) * width;
    for (let x = 0; x < width; x++) col[x] = src[a + x]! + src[b + x]! + src[c + x]!;
    const last = width - 1;
    out[b] = (col[0]! + col[0]! + col[last > 0 ? 1 : 0]!) / 9;
    for (let x = 1; x < last; x++) out[b + x] = (col[x - 1]! + col[x]! + col[x + 1]!) / 9;
    if (last > 0) out[b + last] = (col[last - 1]! + col[last]! + col[last]!) / 9;
  }
  return out;
}

export class MotionDetector {
  private readonly o: Required<Omit<MotionDetectorOptions, 'mask' | 'zones'>>;
  private readonly size: number;
  /** 1 where a pixel counts (not masked, inside a zone when there are zones); undefined = all. */
  private readonly counted: Uint8Array | undefined;
  private readonly countedPixels: number;
  private readonly zones: { name: string; pixels: Uint8Array; hits: number }[];
  /** Zones touched by the motion in progress (or by the current run before it starts). */
  private touched = new Set<string>();
  private readonly blurred: Float32Array;
  private background: Float32Array | undefined;
  /** Per pixel: since when it has differed from the background (NaN: it does not). */
  private readonly changedSince: Float64Array;
  /** Frames since the background was (re)started. */
  private seen = 0;
  private moving = false;
  private run = 0;
  private runStart = 0;
  private lastMotionAt = 0;
  /** The latest frame's score. */
  private lastScore = 0;
  /** The frame before this one, and the first still frame after the latest moving one. */
  private prevAt: number | undefined;
  private runPrevAt: number | undefined;
  private quietAfter: number | undefined;

  constructor(opts: MotionDetectorOptions) {
    const { mask, zones, ...rest } = opts;
    this.o = { ...DEFAULTS, ...rest };
    this.size = opts.width * opts.height;
    this.blurred = new Float32Array(this.size);
    this.changedSince = new Float64Array(this.size).fill(Number.NaN);
    this.zones = (zones ?? []).map((z) => ({ ...z, hits: 0 }));
    if (mask || this.zones.length) {
      const counted = new Uint8Array(this.size);
      let n = 0;
      for (let i = 0; i < this.size; i++) {
        const inZone = this.zones.length === 0 || this.zones.some((z) => z.pixels[i] === 1);
        if (inZone && mask?.[i] !== 1) {
          counted[i] = 1;
          n++;
        }
      }
      this.counted = counted;
      this.countedPixels = n;
    } else {
      this.counted = undefined;
      this.countedPixels = this.size;
    }
  }

  get active(): boolean {
    return this.moving;
  }

  /**
   * Whether the next frame must be looked at (the keyframe sampler may skip it otherwise): the
   * background is still settling, motion is on or starting, or the last frame changed something.
   */
  get busy(): boolean {
    return this.seen <= WARMUP_FRAMES || this.moving || this.run > 0 || this.lastScore >= this.o.stopArea;
  }

  /**
   * A frame at `at` that was not decoded because nothing changed (keyframe-motion.ts): a still
   * frame for the times events report, the background left as it is. Only while not busy.
   */
  skip(at: number): MotionEvent | undefined {
    if (this.busy) return undefined;
    this.lastScore = 0;
    return this.step(0, at);
  }

  /** Bytes in one frame. */
  get frameBytes(): number {
    return this.size;
  }

  /** One gray frame (width×height bytes) that arrived at `at` (ms). */
  push(frame: Uint8Array, at: number): MotionSample {
    if (frame.length !== this.size) throw new Error(`motion frame of ${frame.length} bytes, expected ${this.size}`);
    const cur = boxBlur3(frame, this.o.width, this.o.height, this.blurred);
    const bg = this.background;
    this.seen++;
    if (!bg) {
      this.background = Float32Array.from(cur);
      return { score: 0 };
    }
    let changed = 0;
    const t = this.o.pixelThreshold;
    // The first frames average into the background (1/n) instead of replacing a noisy first frame slowly.
    const rate = Math.max(this.o.learningRate, 1 / this.seen);
    // While the background settles every pixel is learnt: what differs then is its own noise.
    const settling = this.seen <= WARMUP_FRAMES;
    const absorbBefore = at - this.o.absorbAfterMs;
    const since = this.changedSince;
    const counted = this.counted;
    const zones = this.zones;
    for (const z of zones) z.hits = 0;
    if (counted === undefined && zones.length === 0) {
      // Every pixel counts and there are no zones (most cameras): the loop below without those tests.
      for (let i = 0; i < this.size; i++) {
        const d = cur[i]! - bg[i]!;
        if (d > t || d < -t) {
          changed++;
          let from = since[i]!;
          if (Number.isNaN(from)) from = since[i] = at;
          if (settling || from <= absorbBefore) bg[i] = bg[i]! + rate * d;
        } else {
          if (!Number.isNaN(since[i]!)) since[i] = Number.NaN;
          bg[i] = bg[i]! + rate * d;
        }
      }
    } else
      for (let i = 0; i < this.size; i++) {
        const d = cur[i]! - bg[i]!;
        if (d > t || d < -t) {
          if (counted === undefined || counted[i] === 1) {
            changed++;
            for (const z of zones) if (z.pixels[i] === 1) z.hits++;
          }
          let from = since[i]!;
          if (Number.isNaN(from)) from = since[i] = at;
          if (settling || from <= absorbBefore) bg[i] = bg[i]! + rate * d;
        } else {
          since[i] = Number.NaN;
          bg[i] = bg[i]! + rate * d;
        }
      }
    // Everything masked: nothing can ever move.
    let score = this.countedPixels ? changed / this.countedPixels : 0;
    if (score >= this.o.lightingArea) {
      bg.set(cur);
      since.fill(Number.NaN);
      this.seen = 1;
      score = 0;
    }
    this.lastScore = score;
    // Until the background has settled, what differs from it is its own noise.
    if (this.seen <= WARMUP_FRAMES) return { score, event: this.step(0, at) };
    return { score, event: this.step(score, at) };
  }

  private step(score: number, at: number): MotionEvent | undefined {
    const prevAt = this.prevAt;
    this.prevAt = at;
    if (score >= this.o.startArea) {
      if (this.run++ === 0) {
        this.runStart = at;
        this.runPrevAt = prevAt;
        if (!this.moving) this.touched.clear();
      }
    } else {
      this.run = 0;
    }
    if (score >= this.o.stopArea) {
      this.lastMotionAt = at;
      this.quietAfter = undefined;
      for (const z of this.zones) if (z.hits >= ZONE_MIN_PIXELS) this.touched.add(z.name);
    } else if (this.quietAfter === undefined) {
      this.quietAfter = at;
    }
    if (!this.moving && this.run >= this.o.startFrames && at - this.runStart >= this.o.minDurationMs) {
      this.moving = true;
      this.lastMotionAt = at;
      this.quietAfter = undefined;
      return { type: 'start', at: this.startTime(), zones: [...this.touched] };
    }
    if (this.moving && at - this.lastMotionAt >= this.o.stopAfterMs) {
      this.moving = false;
      return { type: 'stop', at: this.stopTime(), zones: [...this.touched] };
    }
    return undefined;
  }

  private startTime(): number {
    const before = this.runPrevAt;
    return this.o.sparse && before !== undefined ? Math.round((before + this.runStart) / 2) : this.runStart;
  }

  private stopTime(): number {
    const after = this.quietAfter;
    return this.o.sparse && after !== undefined ? Math.round((this.lastMotionAt + after) / 2) : this.lastMotionAt;
  }

  /**
   * The stream ended: forget the background (the next stream may show another picture) and end
   * any motion at its last moving frame.
   */
  reset(): MotionEvent | undefined {
    this.background = undefined;
    this.changedSince.fill(Number.NaN);
    this.seen = 0;
    this.run = 0;
    this.lastScore = 0;
    this.prevAt = undefined;
    if (!this.moving) return undefined;
    this.moving = false;
    return { type: 'stop', at: this.lastMotionAt, zones: [...this.touched] };
  }
}

/** Cuts a byte stream into fixed-size frames (a pipe delivers arbitrary chunks). */
export class FrameSplitter {
  private buf: Buffer;
  private filled = 0;

  constructor(private readonly frameBytes: number) {
    this.buf = Buffer.alloc(frameBytes);
  }

  push(data: Buffer, onFrame: (frame: Buffer) => void): void {
    let at = 0;
    while (at < data.length) {
      const n = Math.min(this.frameBytes - this.filled, data.length - at);
      data.copy(this.buf, this.filled, at, at + n);
      this.filled += n;
      at += n;
      if (this.filled === this.frameBytes) {
        onFrame(this.buf);
        this.filled = 0;
      }
    }
  }

  reset(): void {
    this.filled = 0;
  }
}
