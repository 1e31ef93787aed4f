import { MOTION_DECODE_ARGS, motionScaleFilter } from './ffmpeg-args.ts';
import { type KeyframeCodec, KeyframePipe, KeyframePipes } from './keyframe-pipe.ts';
import { MOTION_FRAME } from './motion-detector.ts';

/** A keyframe that waits longer than this for the decoder is stale: the next one replaces it. */
const STALE_MS = 2000;
const FRAME_BYTES = MOTION_FRAME.width * MOTION_FRAME.height;

/**
 * The recorder's keyframe decoders: ffmpegs that turn keyframes of every camera into motion frames
 * (MOTION_FRAME, gray), instead of a decoder inside each camera's own ffmpeg (decision 0022). A
 * camera's ffmpeg then only copies, as bare `ffmpeg -c copy` does: the decoder's frames and code
 * pages, +3.3 MB in each of them, are held once, and a keyframe is decoded only when the motion
 * sampler asks. One per codec and picture size, started at first use (keyframe-pipe.ts).
 */
export class KeyframeDecoders {
  private readonly pipes: KeyframePipes;

  constructor(ffmpegPath: () => string, log: (msg: string) => void) {
    this.pipes = new KeyframePipes(
      (codec: KeyframeCodec) =>
        new KeyframePipe(
          ffmpegPath,
          {
            name: `keyframe decoder (${codec})`,
            codec,
            decoder: MOTION_DECODE_ARGS,
            output: ['-vf', motionScaleFilter(), '-threads', '1', '-c:v', 'rawvideo', '-f', 'rawvideo', 'pipe:1'],
            answerLength: (out) => (out.length >= FRAME_BYTES ? FRAME_BYTES : 0),
            staleMs: STALE_MS,
          },
          log,
        ),
    );
  }

  /** A motion frame of one keyframe (Annex B with its parameter sets); undefined when it could not be decoded. */
  decode(codec: KeyframeCodec, size: string, annexB: Buffer): Promise<Buffer | undefined> {
    return this.pipes.send(codec, size, annexB);
  }

  /** Keyframes decoded since the start, all decoders together. */
  get decoded(): number {
    return this.pipes.answered;
  }

  stop(): void {
    this.pipes.stop();
  }
}
