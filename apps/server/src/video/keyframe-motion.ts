import { type KeyframeFormat, keyframeAnnexB, keyframeFormat } from './keyframe-annexb.ts';
import type { KeyframeDecoders } from './keyframe-decoder.ts';
import type { RawKeyframe } from './keyframe-pipe.ts';
import { KeyframePicker } from './keyframe-picker.ts';
import type { LiveFeed } from './live-feed.ts';
import { readTracks, trackOf } from './mp4-init.ts';
import { readBoxes } from './mp4-boxes.ts';
import type { MotionGate } from './motion-gate.ts';
import { readSamples } from './mp4-samples.ts';

/**
 * Motion of a camera whose main stream is only copied (the `keyframes` mode): its keyframes are
 * taken from the live feed as they arrive, the picker (keyframe-picker.ts) says which the detector
 * must see, and the recorder's shared decoder (keyframe-decoder.ts) turns those into motion
 * frames. Results reach the gate in the order the keyframes came, stamped with their arrival.
 */
export class KeyframeMotion {
  private readonly picker = new KeyframePicker();
  private init: Buffer | undefined;
  private format: KeyframeFormat | undefined;
  private tracks: ReturnType<typeof readTracks> = new Map();
  private video: number | undefined;
  /** Bumped with each new stream: a decode of the previous one is not this one's picture. */
  private generation = 0;
  private pending = 0;
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly tap = (fragment: Buffer, keyframe: boolean) => this.onPicture(fragment, keyframe);
  /**
   * The keyframe the gate is judging now: while it says motion started (synchronously, from
   * pushFrame), this is the picture that shows it, which the event keeps (camera-motion-events.ts).
   */
  judged: RawKeyframe | undefined;

  constructor(
    private readonly feed: LiveFeed,
    private readonly gate: MotionGate,
    private readonly decoders: KeyframeDecoders,
    private readonly now: () => number = Date.now,
  ) {
    feed.onPicture = this.tap;
  }

  /** Waits for the decodes already asked for, then takes no more. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.feed.onPicture === this.tap) this.feed.onPicture = undefined;
    await this.chain;
  }

  private onPicture(fragment: Buffer, keyframe: boolean): void {
    if (!keyframe) {
      this.picker.frame(fragment.length);
      return;
    }
    const at = this.now();
    if (this.feed.initSegment !== this.init) this.newStream(this.feed.initSegment);
    const format = this.format;
    if (!format) return;
    // A picture still being decoded may say motion started: the next one is wanted then.
    const decision = this.picker.keyframe(fragment.length, at, this.gate.busy || this.pending > 0);
    const generation = this.generation;
    if (decision === 'still') {
      this.chain = this.chain.then(() => {
        if (!this.stopped && generation === this.generation) this.gate.still(at);
      });
      return;
    }
    const sample = readSamples(fragment, this.tracks, this.video).samples[0];
    const annexB = sample?.keyframe ? keyframeAnnexB(sample.data, format) : undefined;
    if (!annexB) return;
    this.pending++;
    const decoded = this.decoders.decode(format.codec, format.size, annexB);
    this.chain = this.chain.then(async () => {
      const frame = await decoded;
      this.pending--;
      if (!frame || this.stopped || generation !== this.generation) return;
      this.judged = { codec: format.codec, size: format.size, annexB };
      try {
        this.gate.pushFrame(frame, at);
      } finally {
        this.judged = undefined;
      }
      this.picker.settle(!this.gate.busy);
    });
  }

  private newStream(init: Buffer | undefined): void {
    this.init = init;
    this.generation++;
    this.picker.reset();
    this.format = init ? keyframeFormat(init) : undefined;
    const moov = init && readBoxes(init).find((b) => b.type === 'moov');
    this.tracks = init && moov ? readTracks(init, moov) : new Map();
    this.video = trackOf(this.tracks);
  }
}
