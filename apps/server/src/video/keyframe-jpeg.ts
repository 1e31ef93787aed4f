import { type KeyframeCodec, KeyframePipe, KeyframePipes } from './keyframe-pipe.ts';
import { walkJpeg } from './jpeg-walk.ts';

/** A picture asked for while many cameras' events start at once waits its turn this long. */
const STALE_MS = 10_000;

/** The length of the JPEG at the start of `out`: 0 while it is not whole, -1 when it is not a JPEG. */
function jpegLength(out: Buffer): number {
  if (out.length < 2) return 0;
  if (out[0] !== 0xff || out[1] !== 0xd8) return -1;
  const walk = walkJpeg(out, 0);
  if (walk === 'more') return 0;
  return walk === 'broken' ? -1 : walk.end;
}

/**
 * JPEGs of keyframes `width` pixels wide, from long-lived ffmpegs (one per codec and picture size,
 * keyframe-pipe.ts): a motion event's picture is the keyframe that started it, encoded in a few
 * milliseconds, where an ffmpeg started to grab it from the recorded segment cost 0.27 CPU-s
 * (decision 0024).
 */
export class KeyframeJpegs {
  private readonly pipes: KeyframePipes;

  constructor(ffmpegPath: () => string, log: (msg: string) => void, width: number) {
    this.pipes = new KeyframePipes(
      (codec: KeyframeCodec) =>
        new KeyframePipe(
          ffmpegPath,
          {
            name: `keyframe JPEG encoder (${codec}, ${width} wide)`,
            codec,
            decoder: ['-threads', '1'],
            // Full-range 4:2:0, what the mjpeg encoder takes; a fixed quality (its default rate
            // control would size each picture by the stream's made-up frame rate).
            output: [
              ...['-vf', `scale=${width}:-2,format=yuvj420p`, '-threads', '1'],
              ...['-c:v', 'mjpeg', '-q:v', '5', '-f', 'image2pipe', 'pipe:1'],
            ],
            answerLength: jpegLength,
            staleMs: STALE_MS,
          },
          log,
        ),
    );
  }

  /** The JPEG of one keyframe (Annex B with its parameter sets); undefined when it could not be made. */
  encode(codec: KeyframeCodec, size: string, annexB: Buffer): Promise<Buffer | undefined> {
    return this.pipes.send(codec, size, annexB);
  }

  /** Keyframes encoded since the start. */
  get encoded(): number {
    return this.pipes.answered;
  }

  stop(): void {
    this.pipes.stop();
  }
}
