/**
 * Which keyframes of a copied stream the motion detector gets to see (decision 0022). Decoding one
 * 1080p keyframe costs ~21 ms of CPU, 2.1 % of a core at one a second; most of them show the same
 * still scene as the one before. The compressed stream tells a change first: the frames between
 * two keyframes grow when something moves (they carry what changed). So a keyframe is decoded when
 * - the detector wants every picture (its background is settling, motion is on or starting, the
 *   last picture changed something: `busy`);
 * - a frame since the previous keyframe was larger than the scene's usual largest (a spike over the
 *   learnt baseline): the largest, not the mean, so a change just before the keyframe counts;
 * - the keyframe itself is not the size keyframes of this scene have been: a change that came just
 *   before it is in it but in none of the frames before;
 * - or the last decoded one is MAX_SKIP_MS old or more: a camera at a constant bitrate whose noise
 *   already fills it shows no spike, so every other keyframe at one a second is decoded anyway,
 *   and a camera with keyframes two seconds apart or more has every one decoded, as before.
 * The others are "still": the detector counts them as unchanged pictures for the times events report.
 * The usual sizes are learnt from the scenes the detector found still, never from motion.
 * Pure: sizes and times in, a decision out.
 */
export const MAX_SKIP_MS = 1500;
/**
 * A size is a change past its usual by more than the larger of a margin (a fraction of it plus a
 * few bytes: a still, clean scene varies by a few bytes) and DEVIATIONS times how much it usually
 * varies (a noisy scene at a constant bitrate swings by a third from one second to the next).
 */
const MARGIN = { frame: { part: 0.5, bytes: 256 }, key: { part: 0.25, bytes: 256 } } as const;
const DEVIATIONS = 4;
/** How fast the usual sizes follow the scene (per keyframe the detector found still). */
const LEARN = 0.2;

/** A size's usual value and usual deviation from it. */
interface Usual {
  mean: number;
  dev: number;
}

function changed(v: number, u: Usual | undefined, margin: { part: number; bytes: number }): boolean {
  if (!u) return false;
  return Math.abs(v - u.mean) > Math.max(u.mean * margin.part + margin.bytes, DEVIATIONS * u.dev);
}

function learn(u: Usual | undefined, v: number): Usual {
  if (!u) return { mean: v, dev: 0 };
  return { mean: u.mean + LEARN * (v - u.mean), dev: u.dev + LEARN * (Math.abs(v - u.mean) - u.dev) };
}

export type KeyframeDecision = 'decode' | 'still';

export class KeyframePicker {
  /** The largest frame since the last keyframe. */
  private gopMax = 0;
  private gopFrames = 0;
  /** The largest frame between two keyframes while nothing moves. */
  private baseline: Usual | undefined;
  private lastDecodedAt: number | undefined;
  /** The usual size of a keyframe while nothing moves. */
  private keyBaseline: Usual | undefined;
  /** The sizes around the last keyframe, until the detector says whether its scene was still. */
  private unsettled: { largest: number | undefined; bytes: number } | undefined;

  /** A frame that is not a keyframe, of `bytes`. */
  frame(bytes: number): void {
    if (bytes > this.gopMax) this.gopMax = bytes;
    this.gopFrames++;
  }

  /** A keyframe of `bytes` arrived at `at` (ms); `busy`: the detector wants it whatever the stream says. */
  keyframe(bytes: number, at: number, busy: boolean): KeyframeDecision {
    const largest = this.gopFrames ? this.gopMax : undefined;
    this.gopMax = 0;
    this.gopFrames = 0;
    const base = this.baseline;
    const key = this.keyBaseline;
    // Only growth: frames shrink when motion stops, which the detector, busy then, sees anyway.
    const spike =
      largest !== undefined && base !== undefined && largest > base.mean && changed(largest, base, MARGIN.frame);
    const keyChanged = changed(bytes, key, MARGIN.key);
    this.unsettled = { largest, bytes };
    const stale = this.lastDecodedAt === undefined || at - this.lastDecodedAt >= MAX_SKIP_MS;
    if (busy || spike || keyChanged || stale || largest === undefined || base === undefined || key === undefined) {
      this.lastDecodedAt = at;
      return 'decode';
    }
    this.settle(true);
    return 'still';
  }

  /**
   * What the detector made of the last keyframe: sizes are learnt only from a scene it found still
   * (learning them from the motion itself would hide the next motion of that kind).
   */
  settle(still: boolean): void {
    const seen = this.unsettled;
    this.unsettled = undefined;
    if (!seen || !still) return;
    if (seen.largest !== undefined) this.baseline = learn(this.baseline, seen.largest);
    this.keyBaseline = learn(this.keyBaseline, seen.bytes);
  }

  /** A new stream (ffmpeg restarted): its frames may be another size altogether. */
  reset(): void {
    this.gopMax = 0;
    this.gopFrames = 0;
    this.baseline = undefined;
    this.keyBaseline = undefined;
    this.unsettled = undefined;
    this.lastDecodedAt = undefined;
  }
}
