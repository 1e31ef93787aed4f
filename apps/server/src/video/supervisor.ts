import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { backoffMs, describeFfmpegError } from './ffmpeg-errors.ts';
import type { LiveFeed } from './live-feed.ts';
import { ffmpegTools } from './ffmpeg-binaries.ts';
import { spawnTied } from './tied-spawn.ts';

/**
 * Keeps one camera's ffmpeg running: restarts it with backoff, reports online / reconnecting /
 * offline with a readable reason, and never leaves a process behind (each child is tracked and
 * stop() waits for its exit, escalating SIGTERM → SIGKILL after 3 s).
 */
export type SupervisedStatus = 'online' | 'reconnecting' | 'offline';

export interface SupervisorOptions {
  args: string[];
  liveFeed: LiveFeed;
  onStatus(status: SupervisedStatus, lastError: string | null): void;
  /** ffmpeg exited (any reason): its last segment file is now complete. */
  onExit?(): void;
  /** When set, ffmpeg gets a pipe as fd 3 (motion frames, see motionOutputArgs) and its bytes go here. */
  onFd3?(data: Buffer): void;
  log(msg: string): void;
  ffmpegPath?: string;
  /** Delay before the first spawn (staggered starts). */
  startDelayMs?: number;
  /** No stdout for this long while running means a hung stream: kill and retry. */
  stallMs?: number;
  /** Consecutive failures before "reconnecting" becomes "offline". */
  offlineAfter?: number;
  /**
   * Asked before each spawn and on every chunk of output: false (the camera's lease may have
   * lapsed) kills ffmpeg at once and spawns no other, before anything more is written.
   */
  mayRun?(): boolean;
}

const KILL_GRACE_MS = 3000;

export class FfmpegSupervisor {
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private stopping = false;
  private online = false;
  private failures = 0;
  private stderrTail = '';
  private lastDataAt = 0;
  private lastFd3At = 0;

  constructor(private readonly opts: SupervisorOptions) {}

  /** The running ffmpeg's pid, if any (tests count processes through it). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    this.stopping = false;
    this.timer = setTimeout(() => this.spawn(), this.opts.startDelayMs ?? 0);
    const stallMs = this.opts.stallMs ?? 20_000;
    this.watchdog = setInterval(
      () => {
        // Motion frames count too: if they stop (a filter stuck on a timestamp jump), nothing is decided.
        const last = this.opts.onFd3 ? Math.min(this.lastDataAt, this.lastFd3At) : this.lastDataAt;
        if (this.child && this.opts.mayRun && !this.opts.mayRun()) return this.halt(this.child);
        if (this.child && Date.now() - last > stallMs) {
          this.stderrTail += '\nStream stalled';
          this.child.kill('SIGKILL');
        }
      },
      Math.min(5000, stallMs / 2),
    );
  }

  /** The lease is gone: ffmpeg dies now (SIGKILL, not a graceful finish) and is not restarted. */
  private halt(child: ChildProcess): void {
    if (this.stopping) return;
    this.stopping = true;
    clearInterval(this.watchdog);
    clearTimeout(this.timer);
    child.kill('SIGKILL');
    this.opts.log('lease lapsed: ffmpeg stopped');
  }

  private spawn(): void {
    this.timer = undefined;
    if (this.stopping) return;
    if (this.opts.mayRun && !this.opts.mayRun()) {
      this.stopping = true;
      clearInterval(this.watchdog);
      return;
    }
    this.stderrTail = '';
    this.lastDataAt = Date.now();
    this.lastFd3At = this.lastDataAt;
    // TZ=UTC: the segment muxer's strftime uses local time; the names must be UTC.
    const child = spawnTied(this.opts.ffmpegPath ?? ffmpegTools().ffmpeg.path, this.opts.args, {
      env: { ...process.env, TZ: 'UTC' },
      stdio: this.opts.onFd3 ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const onFd3 = this.opts.onFd3;
    if (onFd3) {
      (child.stdio[3] as Readable).on('data', (d: Buffer) => {
        this.lastFd3At = Date.now();
        onFd3(d);
      });
    }
    child.stdout!.on('data', (d: Buffer) => {
      if (this.opts.mayRun && !this.opts.mayRun()) return this.halt(child);
      this.lastDataAt = Date.now();
      this.opts.liveFeed.push(d);
      if (!this.online && this.opts.liveFeed.fragments > 0) {
        this.online = true;
        this.failures = 0;
        this.opts.onStatus('online', null);
      }
    });
    child.stderr!.on('data', (d: Buffer) => {
      // Keep only the tail: the reason for an exit is in the last lines.
      this.stderrTail = (this.stderrTail + d.toString()).slice(-4000);
    });
    child.on('error', (e) => {
      this.stderrTail += `\n${e.message}`;
    });
    this.exited = new Promise((resolve) => {
      child.on('close', (code, signal) => {
        if (this.child === child) this.child = undefined;
        this.opts.liveFeed.reset();
        this.opts.onExit?.();
        resolve();
        if (!this.stopping) this.onFailure(code, signal);
      });
    });
  }

  private onFailure(code: number | null, signal: NodeJS.Signals | null): void {
    this.online = false;
    this.failures++;
    // How long it went without output tells a camera that never answered from one that sent garbage.
    const reason = describeFfmpegError(this.stderrTail, code, signal, Date.now() - this.lastDataAt);
    const status = this.failures >= (this.opts.offlineAfter ?? 3) ? 'offline' : 'reconnecting';
    this.opts.onStatus(status, reason);
    const delay = backoffMs(this.failures);
    this.opts.log(`ffmpeg exited (${signal ?? code}): ${reason}; retry in ${delay} ms`);
    this.timer = setTimeout(() => this.spawn(), delay);
  }

  /** Stops ffmpeg (SIGTERM lets it finish the segment; SIGKILL after 3 s) and waits for its exit. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    clearInterval(this.watchdog);
    const child = this.child;
    if (!child) return;
    const kill = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    child.kill('SIGTERM');
    await this.exited;
    clearTimeout(kill);
    this.online = false;
  }
}
