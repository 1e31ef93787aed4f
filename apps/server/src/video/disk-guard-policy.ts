import type { DiskGuardSettings } from '@vigil/shared';

/**
 * The disk guard's arithmetic, without I/O: the threshold a setting gives a filesystem, the write
 * rate measured from successive statfs samples, the margin that rate needs, and what one check
 * decides. The guard keeps free space at or above the threshold: it starts deleting when free space
 * comes within one margin of it (the bytes the recorders write before the next check and a prune
 * batch can land), and deletes until free space is two margins above, so it is not back a second later.
 */

/** What a statfs says about the media folder's filesystem, in bytes. */
export interface DiskSample {
  /** Bytes an unprivileged writer can still use (f_bavail × f_bsize). */
  free: number;
  /** The filesystem's size (f_blocks × f_bsize). */
  total: number;
}

/** The smaller of `percent` of the filesystem and `maxGb`: what the guard keeps free. */
export function thresholdBytes(total: number, setting: DiskGuardSettings): number {
  return Math.floor(Math.min((total * setting.percent) / 100, setting.maxGb * 1e9));
}

/**
 * How long the writes the margin covers last: the check interval (1 s), a prune batch and its
 * unlinks (well under a second on a local disk, a few with a slow database), and a burst as
 * sixteen cameras close their segments together. Measured in bench/disk-guard.mjs.
 */
export const REACTION_MS = 5000;
/** The margin never shrinks below this share of the filesystem, so a quiet disk still has slack. */
const MIN_MARGIN_SHARE = 0.005;
/**
 * Nor grows past this one: another program's burst (a copy onto the same disk) must not make the
 * guard delete most of the footage, nor keep a paused recorder waiting for more space than the disk has.
 */
const MAX_MARGIN_SHARE = 0.1;

export function marginBytes(bytesPerSecond: number, total: number, reactionMs = REACTION_MS): number {
  const wanted = Math.max((bytesPerSecond * reactionMs) / 1000, total * MIN_MARGIN_SHARE);
  return Math.ceil(Math.min(wanted, total * MAX_MARGIN_SHARE));
}

export interface GuardPlan {
  /** Bytes to delete now (0: free space is far enough from the threshold). */
  prune: number;
  /** Free space is within one margin of the threshold (or under it). */
  low: boolean;
  /** Free space is two margins above the threshold: a paused recorder may record again. */
  clear: boolean;
}

/** One check's decision from free space, the threshold and the margin. */
export function planPrune(free: number, threshold: number, margin: number): GuardPlan {
  const low = free < threshold + margin;
  return {
    prune: low ? threshold + 2 * margin - free : 0,
    low,
    clear: free >= threshold + 2 * margin,
  };
}

/** The oldest candidates whose bytes add up to `bytes` (all of them if they do not). */
export function takeOldest<T extends { bytes: number }>(candidates: readonly T[], bytes: number): T[] {
  const picked: T[] = [];
  let sum = 0;
  for (const c of candidates) {
    if (sum >= bytes) break;
    picked.push(c);
    sum += c.bytes;
  }
  return picked;
}

/**
 * The write rate onto the filesystem, from statfs samples: bytes that disappeared from free space
 * between two samples, plus what the guard itself freed meanwhile (else a prune would read as
 * negative writing). Writers flush in bursts (a fragment a second per camera), so a rate is taken
 * over at least `spanMs`: the higher of the last span's and the whole window's, so a rise shows
 * within a span and a lull does not shrink the margin at once.
 */
/** A drop of free space this many times the recent rate is a one-off, not a rate (see WriteRate). */
const SPIKE_FACTOR = 20;

export class WriteRate {
  private readonly samples: { at: number; written: number }[] = [];
  private last: { at: number; free: number } | undefined;
  private written = 0;

  constructor(
    private readonly windowMs = 10_000,
    private readonly spanMs = 2000,
  ) {}

  /** A sample at `at` ms; `freed` = bytes the guard deleted since the previous sample. */
  push(at: number, free: number, freed = 0): void {
    const prev = this.last;
    if (prev && at <= prev.at) return;
    if (prev) {
      const delta = Math.max(0, prev.free - free + freed);
      const usual = (this.bytesPerSecond * (at - prev.at)) / 1000;
      // Free space falling far faster than it has been is another program filling the disk at once
      // (a copy, a backup). The margin is for what keeps coming; a one-off counted as a rate made it
      // a tenth of the disk, and the guard deleted all footage and stopped recording with space left.
      this.written += usual > 0 && delta > SPIKE_FACTOR * usual ? usual : delta;
    }
    this.last = { at, free };
    this.samples.push({ at, written: this.written });
    while (this.samples.length > 2 && this.samples[1]!.at <= at - this.windowMs) this.samples.shift();
  }

  /** Bytes per second over the last `span` ms (0 until the samples cover `spanMs`). */
  private over(span: number): number {
    const now = this.samples[this.samples.length - 1];
    if (!now) return 0;
    let from = this.samples[0]!;
    for (const s of this.samples) if (s.at <= now.at - span) from = s;
    const dt = now.at - from.at;
    return dt >= this.spanMs ? ((now.written - from.written) * 1000) / dt : 0;
  }

  get bytesPerSecond(): number {
    return Math.max(this.over(this.spanMs), this.over(this.windowMs));
  }
}
