import type { ChildProcess } from 'node:child_process';
import { AppError } from '../lib/app-error.ts';
import type { H264Encoder } from './hw-encoders.ts';
import { type LiveChunk, LiveFeed } from './live-feed.ts';
import { FEED_INPUT, renditionArgs, substreamInput } from './rendition-args.ts';
import { spawnTied } from './tied-spawn.ts';

/**
 * H.264 renditions of cameras whose codec a viewer's browser cannot decode (H.265 in Chromium).
 * One per camera, shared by every viewer who needs it: a LiveFeed of its own, fed by one ffmpeg
 * that transcodes the camera's live fMP4 (its LiveFeed, so the camera is still connected to once).
 * Started by the first viewer, stopped `idleMs` after the last one left. Software encodes are
 * capped per process (each costs about a core at 1080p); beyond the cap a viewer is told so
 * (`live/transcode-limit`) rather than every rendition slowing down together.
 */
export interface RenditionOptions {
  ffmpegPath: () => string;
  /** The encoder found at start (hw-encoders.ts). */
  encoder: Promise<H264Encoder>;
  /** Software (libx264) renditions this process runs at once at most. */
  maxSoftware: number;
  /** A rendition nobody watched for this long stops (5 s: a page reload or a tile scrolled back keeps it). */
  idleMs?: number;
  log(msg: string): void;
}

/** Over this much unwritten input ffmpeg is behind: skip to the next keyframe rather than lag. */
const MAX_PENDING_INPUT = 8 * 1024 * 1024;
const RESTART_MS = 1000;

class Rendition {
  readonly feed = new LiveFeed();
  lastWanted = Date.now();
  private child: ChildProcess | undefined;
  private unsubscribe: (() => void) | undefined;
  private init: Buffer | undefined;
  private waitKeyframe = true;
  private restart: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    readonly cameraId: string,
    readonly source: LiveFeed,
    readonly encoder: H264Encoder,
    private readonly opts: RenditionOptions,
    /** The camera's substream URL (credentials in it): read directly instead of the main feed. */
    private substream?: string,
  ) {
    if (substream) this.spawn();
    else this.unsubscribe = source.subscribe((chunk) => this.onChunk(chunk));
  }

  /** The ffmpeg's pid while it runs (tests count them). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private onChunk(chunk: LiveChunk) {
    if (chunk.type === 'init') {
      // The camera's stream restarted (or this is its first init): a new transcode from its init.
      this.init = chunk.data;
      this.spawn();
      return;
    }
    const stdin = this.child?.stdin;
    if (!stdin?.writable) return;
    if (stdin.writableLength > MAX_PENDING_INPUT) this.waitKeyframe = true;
    if (this.waitKeyframe && !chunk.keyframe) return;
    this.waitKeyframe = false;
    stdin.write(chunk.data);
  }

  private spawn() {
    this.kill();
    if (this.stopped || (!this.init && !this.substream)) return;
    const input = this.substream ? substreamInput(this.substream) : FEED_INPUT;
    const child = spawnTied(this.opts.ffmpegPath(), renditionArgs(this.encoder, undefined, input), {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    this.waitKeyframe = true;
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => this.feed.push(d));
    child.stderr!.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-500);
    });
    // ffmpeg gone: writes fail with EPIPE, which 'close' below deals with.
    child.stdin!.on('error', () => {});
    child.on('error', (e) => this.opts.log(`rendition of camera ${this.cameraId}: ${e.message}`));
    child.on('close', (code, signal) => {
      if (this.child !== child) return;
      this.child = undefined;
      const produced = this.feed.fragments > 0;
      this.feed.reset();
      if (this.stopped) return;
      // The URL (and its password) stays out of the log.
      const said = this.substream ? stderr.replaceAll(this.substream, 'the substream') : stderr;
      this.opts.log(`rendition of camera ${this.cameraId} exited (${code ?? signal}): ${said.trim()}`);
      if (this.substream && !produced) {
        // A substream that gives nothing (wrong path, refused): the main feed, which does.
        this.opts.log(`rendition of camera ${this.cameraId}: its substream gave no picture; from the main stream`);
        this.substream = undefined;
        this.unsubscribe = this.source.subscribe((chunk) => this.onChunk(chunk));
        return;
      }
      // Again from the camera's init and its next keyframe (or the substream, reconnected).
      this.restart = setTimeout(() => this.spawn(), RESTART_MS);
      this.restart.unref();
    });
    if (!this.substream) child.stdin!.write(this.init);
  }

  private kill() {
    clearTimeout(this.restart);
    const child = this.child;
    this.child = undefined;
    if (!child) return;
    child.stdin?.destroy();
    child.kill('SIGKILL');
    this.feed.reset();
  }

  stop() {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.kill();
  }
}

export class Renditions {
  private readonly running = new Map<string, Rendition>();
  private readonly sweep: NodeJS.Timeout;
  private readonly idleMs: number;

  constructor(private readonly opts: RenditionOptions) {
    this.idleMs = opts.idleMs ?? 5000;
    this.sweep = setInterval(() => this.stopIdle(), Math.max(250, Math.min(1000, this.idleMs / 2)));
    this.sweep.unref();
  }

  /**
   * The camera's H.264 rendition of `source` (its live feed), started when nobody watches it
   * yet. Throws `live/transcode-limit` when it would be one software transcode too many.
   */
  async feed(cameraId: string, source: LiveFeed, substream?: () => Promise<string | undefined>): Promise<LiveFeed> {
    const found = this.running.get(cameraId);
    if (found && found.source === source) {
      found.lastWanted = Date.now();
      return found.feed;
    }
    const encoder = await this.opts.encoder;
    const sub = await substream?.().catch(() => undefined);
    // Nothing awaited from here on: the checks below and the start are one step.
    const again = this.running.get(cameraId);
    if (again && again.source === source) {
      again.lastWanted = Date.now();
      return again.feed;
    }
    // The camera's feed was replaced (another recorder): its rendition starts over on the new one.
    again?.stop();
    this.running.delete(cameraId);
    if (!encoder.hardware && this.software >= this.opts.maxSoftware) {
      this.opts.log(`rendition of camera ${cameraId} refused: ${this.opts.maxSoftware} software transcodes running`);
      throw new AppError('live/transcode-limit');
    }
    const r = new Rendition(cameraId, source, encoder, this.opts, sub);
    this.running.set(cameraId, r);
    this.opts.log(
      `rendition of camera ${cameraId} started (${encoder.name}, from its ${sub ? 'substream' : 'main stream'})`,
    );
    return r.feed;
  }

  /** Software transcodes running now. */
  get software(): number {
    return [...this.running.values()].filter((r) => !r.encoder.hardware).length;
  }

  /** The ffmpeg of each running rendition, by camera (tests: one per camera however many watch). */
  processes(): Map<string, number | undefined> {
    return new Map([...this.running].map(([id, r]) => [id, r.pid]));
  }

  private stopIdle() {
    const now = Date.now();
    for (const [id, r] of this.running) {
      if (r.feed.viewers > 0) r.lastWanted = now;
      else if (now - r.lastWanted > this.idleMs) {
        r.stop();
        this.running.delete(id);
        this.opts.log(`rendition of camera ${id} stopped (no viewer)`);
      }
    }
  }

  stop(): void {
    clearInterval(this.sweep);
    for (const r of this.running.values()) r.stop();
    this.running.clear();
  }
}
