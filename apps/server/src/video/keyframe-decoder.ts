import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { MOTION_DECODE_ARGS, motionScaleFilter } from './ffmpeg-args.ts';
import { MOTION_FRAME } from './motion-detector.ts';
import { spawnTied } from './tied-spawn.ts';

/**
 * One ffmpeg that turns keyframes of every camera of a recorder into motion frames (MOTION_FRAME,
 * gray), instead of a decoder inside each camera's own ffmpeg (decision 0022). A camera's ffmpeg
 * then only copies, as bare `ffmpeg -c copy` does: the decoder's frames and code pages, +3.3 MB
 * in each of them, are held once, and a keyframe is decoded only when the motion sampler asks.
 *
 * A keyframe goes in as Annex B (its parameter sets in front, an access-unit delimiter after it so
 * the parser hands the picture on at once), one at a time; the frame out answers it. A decoder
 * per codec and picture size: switching sizes re-creates the decoder and the scaler, which cost
 * more than the decode itself (measured: 1080p keyframes 21 ms alone, 40–90 ms alternating with
 * 360p ones).
 */
export type KeyframeCodec = 'h264' | 'hevc';

/** A keyframe that waits longer than this for the decoder is stale: the next one replaces it. */
const STALE_MS = 2000;
/** A decode that takes longer than this means a stuck decoder: it is restarted. */
const ANSWER_TIMEOUT_MS = 5000;
/** A decoder nobody asked for this long ends (a camera changed its picture size, or motion is off). */
const IDLE_MS = 60_000;

interface Job {
  data: Buffer;
  queuedAt: number;
  resolve(frame: Buffer | undefined): void;
}

class Decoder {
  private child: ChildProcessWithoutNullStreams | undefined;
  private queue: Job[] = [];
  private current: Job | undefined;
  private out: Buffer[] = [];
  private outBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private idle: NodeJS.Timeout | undefined;
  private readonly frameBytes = MOTION_FRAME.width * MOTION_FRAME.height;
  /** Decoded keyframes, for tests and the bench. */
  decoded = 0;

  constructor(
    private readonly ffmpegPath: () => string,
    private readonly codec: KeyframeCodec,
    private readonly log: (msg: string) => void,
  ) {}

  decode(data: Buffer): Promise<Buffer | undefined> {
    return new Promise((resolve) => {
      this.queue.push({ data, queuedAt: Date.now(), resolve });
      this.next();
    });
  }

  /** Answers what waits with nothing and ends the process. */
  stop(): void {
    clearTimeout(this.idle);
    for (const job of this.queue.splice(0)) job.resolve(undefined);
    this.finish(undefined);
    this.child?.kill('SIGKILL');
    this.child = undefined;
  }

  private next(): void {
    if (this.current) return;
    const now = Date.now();
    let job = this.queue.shift();
    while (job && now - job.queuedAt > STALE_MS) {
      job.resolve(undefined);
      job = this.queue.shift();
    }
    if (!job) {
      clearTimeout(this.idle);
      this.idle = setTimeout(() => this.stop(), IDLE_MS);
      this.idle.unref();
      return;
    }
    clearTimeout(this.idle);
    this.current = job;
    const child = this.child ?? this.spawn();
    this.timer = setTimeout(() => {
      this.log(`keyframe decoder (${this.codec}) gave no frame in ${ANSWER_TIMEOUT_MS} ms: restarted`);
      this.child?.kill('SIGKILL');
    }, ANSWER_TIMEOUT_MS);
    child.stdin.write(job.data);
  }

  private finish(frame: Buffer | undefined): void {
    clearTimeout(this.timer);
    const job = this.current;
    this.current = undefined;
    job?.resolve(frame);
  }

  private spawn(): ChildProcessWithoutNullStreams {
    const args = [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
      ...MOTION_DECODE_ARGS,
      // Nothing to probe (the codec is said; the size comes with the first picture) and no wait
      // for more: each picture is handed on as soon as it is whole.
      ...['-probesize', '32', '-analyzeduration', '0', '-flags', 'low_delay'],
      // Arrival stamps: the raw stream has none, and guessed ones repeat when keyframes come close.
      ...['-use_wallclock_as_timestamps', '1', '-f', this.codec, '-i', 'pipe:0'],
      ...['-vf', motionScaleFilter(), '-vsync', '0', '-enc_time_base', '-1'],
      ...['-threads', '1', '-c:v', 'rawvideo', '-f', 'rawvideo', '-flush_packets', '1', 'pipe:1'],
    ];
    const child = spawnTied(this.ffmpegPath(), args, {
      stdio: ['pipe', 'pipe', 'pipe'],
    }) as ChildProcessWithoutNullStreams;
    this.child = child;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    // A write to a decoder that just died: its exit handler answers the job.
    child.stdin.on('error', () => undefined);
    child.stdout.on('data', (d: Buffer) => {
      this.out.push(d);
      this.outBytes += d.length;
      while (this.outBytes >= this.frameBytes) {
        const all = this.out.length === 1 ? this.out[0]! : Buffer.concat(this.out);
        const frame = Buffer.from(all.subarray(0, this.frameBytes));
        const rest = all.subarray(this.frameBytes);
        this.out = rest.length ? [rest] : [];
        this.outBytes = rest.length;
        this.decoded++;
        this.finish(frame);
      }
      this.next();
    });
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      this.out = [];
      this.outBytes = 0;
      if (this.current) {
        this.log(`keyframe decoder (${this.codec}) exited (${signal ?? code}): ${stderr.trim().slice(-500)}`);
        this.finish(undefined);
      }
      this.next();
    });
    return child;
  }
}

/** The recorder's keyframe decoders, one per codec and picture size, started at first use. */
export class KeyframeDecoders {
  private readonly decoders = new Map<string, Decoder>();

  constructor(
    private readonly ffmpegPath: () => string,
    private readonly log: (msg: string) => void,
  ) {}

  /** A motion frame of one keyframe (Annex B with its parameter sets); undefined when it could not be decoded. */
  decode(codec: KeyframeCodec, size: string, annexB: Buffer): Promise<Buffer | undefined> {
    const key = `${codec} ${size}`;
    let decoder = this.decoders.get(key);
    if (!decoder) {
      decoder = new Decoder(this.ffmpegPath, codec, this.log);
      this.decoders.set(key, decoder);
    }
    return decoder.decode(annexB);
  }

  /** Keyframes decoded since the start, all decoders together. */
  get decoded(): number {
    let n = 0;
    for (const d of this.decoders.values()) n += d.decoded;
    return n;
  }

  stop(): void {
    for (const d of this.decoders.values()) d.stop();
    this.decoders.clear();
  }
}
