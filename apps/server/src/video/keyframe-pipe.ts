import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawnTied } from './tied-spawn.ts';

/** The codecs whose keyframes the pipes decode. */
export type KeyframeCodec = 'h264' | 'hevc';

/** A keyframe as the pipes take it. */
export interface RawKeyframe {
  codec: KeyframeCodec;
  /** "1920x1080": a pipe per size. */
  size: string;
  /** Annex B, its parameter sets in front (keyframe-annexb.ts). */
  annexB: Buffer;
}

export interface KeyframePipeOptions {
  /** What the log calls it ("keyframe decoder (h264)"). */
  name: string;
  codec: KeyframeCodec;
  /** ffmpeg's options for the decoder (before its input). */
  decoder: string[];
  /** ffmpeg's arguments after its input: the filter, the encoder and `pipe:1`. */
  output: string[];
  /**
   * The length of the first whole answer at the start of what came out so far; 0 while it is not
   * whole yet, -1 when the bytes are not an answer at all (the pipe is restarted).
   */
  answerLength(out: Buffer): number;
  /** A keyframe that waits longer than this for the pipe is stale: answered with nothing. */
  staleMs: number;
}

/** A keyframe that takes longer than this means a stuck ffmpeg: it is restarted. */
const ANSWER_TIMEOUT_MS = 5000;
/** A pipe nobody asked for this long ends (a camera changed its picture size, or motion is off). */
const IDLE_MS = 60_000;

interface Job {
  data: Buffer;
  queuedAt: number;
  resolve(answer: Buffer | undefined): void;
}

/**
 * One long-lived ffmpeg that answers raw keyframes (Annex B, parameter sets in front, an
 * access-unit delimiter after: keyframe-annexb.ts) with one output each, in order: the motion
 * frames of keyframe-decoder.ts and the JPEGs of keyframe-jpeg.ts. Starting an ffmpeg costs
 * ~0.25 CPU-s here, decoding one keyframe a few milliseconds: a pipe started once and fed
 * keyframe by keyframe pays the start once (decision 0022).
 */
export class KeyframePipe {
  private child: ChildProcessWithoutNullStreams | undefined;
  private queue: Job[] = [];
  private current: Job | undefined;
  /** What came out and answers nothing yet (the start of the next answer). */
  private out: Buffer | undefined;
  private timer: NodeJS.Timeout | undefined;
  private idle: NodeJS.Timeout | undefined;
  /** Keyframes answered, for tests and the bench. */
  answered = 0;

  constructor(
    private readonly ffmpegPath: () => string,
    private readonly opts: KeyframePipeOptions,
    private readonly log: (msg: string) => void,
  ) {}

  /** The answer to one keyframe; undefined when ffmpeg made none (not a picture, stale, stopped). */
  send(data: Buffer): Promise<Buffer | undefined> {
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
    while (job && now - job.queuedAt > this.opts.staleMs) {
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
      this.log(`${this.opts.name} gave no answer in ${ANSWER_TIMEOUT_MS} ms: restarted`);
      this.child?.kill('SIGKILL');
    }, ANSWER_TIMEOUT_MS);
    child.stdin.write(job.data);
  }

  private finish(answer: Buffer | undefined): void {
    clearTimeout(this.timer);
    const job = this.current;
    this.current = undefined;
    job?.resolve(answer);
  }

  private spawn(): ChildProcessWithoutNullStreams {
    const args = [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
      ...this.opts.decoder,
      // Nothing to probe (the codec is said; the size comes with the first picture) and no wait
      // for more: each picture is handed on as soon as it is whole.
      ...['-probesize', '32', '-analyzeduration', '0', '-flags', 'low_delay'],
      // Arrival stamps: the raw stream has none, and guessed ones repeat when keyframes come close.
      ...['-use_wallclock_as_timestamps', '1', '-f', this.opts.codec, '-i', 'pipe:0'],
      ...['-vsync', '0', '-enc_time_base', '-1', '-flush_packets', '1'],
      ...this.opts.output,
    ];
    const child = spawnTied(this.ffmpegPath(), args, {
      stdio: ['pipe', 'pipe', 'pipe'],
    }) as ChildProcessWithoutNullStreams;
    this.child = child;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    // A write to a pipe that just died: its exit handler answers the job.
    child.stdin.on('error', () => undefined);
    child.stdout.on('data', (d: Buffer) => {
      let all = this.out ? Buffer.concat([this.out, d]) : d;
      for (;;) {
        const length = this.opts.answerLength(all);
        if (length < 0) {
          this.log(`${this.opts.name} answered with something else: restarted`);
          this.out = undefined;
          child.kill('SIGKILL');
          return;
        }
        if (length === 0) break;
        // A copy: `all` is a view of ffmpeg's chunk, which the next answer's bytes may share.
        const answer = Buffer.from(all.subarray(0, length));
        all = all.subarray(length);
        this.answered++;
        this.finish(answer);
      }
      this.out = all.length ? all : undefined;
      this.next();
    });
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      this.out = undefined;
      if (this.current) {
        this.log(`${this.opts.name} exited (${signal ?? code}): ${stderr.trim().slice(-500)}`);
        this.finish(undefined);
      }
      this.next();
    });
    return child;
  }
}

/**
 * Pipes of one kind, one per codec and picture size, each started at first use: switching sizes
 * in one ffmpeg re-creates its decoder and scaler, which cost more than a decode (1080p keyframes
 * measured at 21 ms alone, 40–90 ms alternating with 360p ones).
 */
export class KeyframePipes {
  private readonly pipes = new Map<string, KeyframePipe>();

  constructor(private readonly make: (codec: KeyframeCodec) => KeyframePipe) {}

  send(codec: KeyframeCodec, size: string, annexB: Buffer): Promise<Buffer | undefined> {
    const key = `${codec} ${size}`;
    let pipe = this.pipes.get(key);
    if (!pipe) {
      pipe = this.make(codec);
      this.pipes.set(key, pipe);
    }
    return pipe.send(annexB);
  }

  /** Keyframes answered since the start, all pipes together. */
  get answered(): number {
    let n = 0;
    for (const p of this.pipes.values()) n += p.answered;
    return n;
  }

  stop(): void {
    for (const p of this.pipes.values()) p.stop();
    this.pipes.clear();
  }
}
