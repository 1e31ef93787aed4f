import { MOTION_POST_ROLL_SECONDS, MOTION_PRE_ROLL_SECONDS } from '@vigil/shared';
import {
  FrameSplitter,
  MOTION_FRAME,
  MotionDetector,
  type MotionDetectorOptions,
  type MotionEvent,
} from './motion-detector.ts';
import { MotionTimeline, type RollMs, segmentDecision } from './motion-window.ts';
import type { SegmentGate } from './segment-indexer.ts';

/**
 * A motion-mode camera's gate between ffmpeg and the index: motion frames (ffmpeg's fd 3) go
 * through the detector into a timeline, and the segment indexer asks it which segments to keep.
 * Frames are stamped with their arrival time, the clock segment names are written with.
 */
export const MOTION_ROLL_MS: RollMs = {
  pre: MOTION_PRE_ROLL_SECONDS * 1000,
  post: MOTION_POST_ROLL_SECONDS * 1000,
  margin: 2000,
};

/** Motion intervals are forgotten an hour after their window closed. */
const KEEP_INTERVALS_MS = 3_600_000;

export interface MotionGateOptions {
  roll?: RollMs;
  now?: () => number;
  /** Motion started or stopped (the runner indexes at once on a start). */
  onMotion?(event: MotionEvent): void;
  /** The camera's detector settings (motion-mask.ts); the tuned defaults otherwise. */
  detector?: MotionDetectorOptions;
}

export class MotionGate implements SegmentGate {
  private detector: MotionDetector;
  private readonly splitter: FrameSplitter;
  private readonly timeline = new MotionTimeline();
  private readonly roll: RollMs;
  private readonly now: () => number;

  constructor(private readonly opts: MotionGateOptions = {}) {
    this.roll = opts.roll ?? MOTION_ROLL_MS;
    this.now = opts.now ?? Date.now;
    this.detector = new MotionDetector(opts.detector ?? MOTION_FRAME);
    this.splitter = new FrameSplitter(this.detector.frameBytes);
  }

  /**
   * New settings (zones, masks, sensitivity) without restarting ffmpeg: a fresh detector, after
   * ending any motion in progress at its last moving frame.
   */
  reconfigure(detector: MotionDetectorOptions): void {
    const event = this.detector.reset();
    if (event) this.emit(event);
    this.detector = new MotionDetector(detector);
  }

  get active(): boolean {
    return this.timeline.active;
  }

  /** Bytes from ffmpeg's motion output. */
  push(data: Buffer): void {
    this.splitter.push(data, (frame) => this.pushFrame(frame, this.now()));
  }

  /** One whole motion frame, of a picture that arrived at `at` (a decoded keyframe). */
  pushFrame(frame: Uint8Array, at: number): void {
    const { event } = this.detector.push(frame, at);
    if (event) this.emit(event);
    this.timeline.advance(at);
  }

  /** A picture at `at` known unchanged without decoding it (keyframe-motion.ts). */
  still(at: number): void {
    const event = this.detector.skip(at);
    if (event) this.emit(event);
    this.timeline.advance(at);
  }

  /** Whether the next picture must be decoded (MotionDetector.busy). */
  get busy(): boolean {
    return this.detector.busy;
  }

  /** ffmpeg exited: a partial frame is dropped, a motion in progress ends at its last moving frame. */
  streamEnded(): void {
    this.splitter.reset();
    const event = this.detector.reset();
    if (event) this.emit(event);
    this.timeline.prune(this.now() - KEEP_INTERVALS_MS, this.roll.post);
  }

  decide(span: { start: Date; end: Date }, final: boolean): 'keep' | 'drop' | 'wait' {
    const seg = { start: span.start.getTime(), end: span.end.getTime() };
    return segmentDecision(seg, this.timeline.state(), this.roll, final);
  }

  private emit(event: MotionEvent): void {
    this.timeline.apply(event);
    if (event.type === 'stop') this.timeline.prune(event.at - KEEP_INTERVALS_MS, this.roll.post);
    this.opts.onMotion?.(event);
  }
}
