import type { ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import { adtsHeader, readAudioInfo } from '../../video/audio-info.ts';
import { ffmpegTools } from '../../video/ffmpeg-binaries.ts';
import { type LiveChunk, LiveFeed } from '../../video/live-feed.ts';
import { readSamples } from '../../video/mp4-samples.ts';
import { spawnTied } from '../../video/tied-spawn.ts';

/**
 * The camera's sound as Opus, for WebRTC (browsers take Opus there, never AAC). Made by one small
 * ffmpeg per camera that reads the live feed's AAC (ADTS frames on stdin) and writes Opus as
 * fragmented MP4 (one packet per fragment, read with the same box reader as the live feed):
 * - only while someone watches over WebRTC (a second output of the camera's own ffmpeg would
 *   encode Opus all day for nobody, and recording with sound must cost what recording costs);
 * - once per camera, shared by every WebRTC viewer of it (reference counted);
 * - from the live feed, not from the camera: no second connection, and it works as well for a
 *   camera recorded by another process (remote feeds).
 */
const OPUS_ARGS = [
  ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
  // Raw ADTS on a pipe: no probing window to wait for, no clock but the frames' own.
  ...['-probesize', '32', '-analyzeduration', '0', '-fflags', 'nobuffer', '-f', 'aac', '-i', 'pipe:0'],
  ...['-c:a', 'libopus', '-b:a', '32k', '-ar', '48000', '-application', 'lowdelay', '-frame_duration', '20'],
  ...['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof+frag_every_frame'],
  ...['-flush_packets', '1', 'pipe:1'],
];

export class OpusFeed {
  /** Opus in fragmented MP4: what WebRTC sessions subscribe to. */
  readonly feed = new LiveFeed();
  private users = 0;
  private unsubscribe: (() => void) | undefined;
  private child: ChildProcess | undefined;
  private stdin: Writable | undefined;
  private config: Buffer | undefined;
  private audioTrack: number | undefined;

  constructor(
    private readonly source: LiveFeed,
    private readonly ffmpegPath?: string,
  ) {}

  /** One more viewer; the returned function is its release. The encoder runs while any holds it. */
  acquire(): () => void {
    this.users++;
    if (this.users === 1) this.unsubscribe = this.source.subscribe((c) => this.onChunk(c));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users--;
      if (this.users === 0) this.stop();
    };
  }

  private onChunk(chunk: LiveChunk) {
    if (chunk.type === 'init') {
      const audio = readAudioInfo(chunk.data);
      const config = audio?.codec === 'aac' ? audio.config : undefined;
      // A restarted camera stream with the same sound keeps the encoder (and the viewers' clocks).
      if (config && this.config?.equals(config) && this.child) {
        this.audioTrack = audio?.trackId;
        return;
      }
      this.kill();
      this.config = config;
      this.audioTrack = audio?.trackId;
      if (config) this.spawn();
      return;
    }
    const stdin = this.stdin;
    if (!stdin || !this.config || this.audioTrack === undefined) return;
    const { samples } = readSamples(chunk.data, this.source.trackInfo, this.audioTrack);
    for (const s of samples) {
      // A stuck encoder must not grow memory: its frames are dropped until it drains.
      if (stdin.writableLength > 256 * 1024) return;
      stdin.write(Buffer.concat([adtsHeader(this.config, s.data.length), s.data]));
    }
  }

  private spawn() {
    const child = spawnTied(this.ffmpegPath ?? ffmpegTools().ffmpeg.path, OPUS_ARGS, {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    this.child = child;
    this.stdin = child.stdin!;
    child.stdin!.on('error', () => {});
    child.stdout!.on('data', (d: Buffer) => this.feed.push(d));
    child.on('close', () => {
      if (this.child !== child) return;
      this.child = undefined;
      this.stdin = undefined;
      this.feed.reset();
      // Died on its own while people listen: start again (its viewers take the new init as a restart).
      const retry = setTimeout(() => {
        if (this.users > 0 && this.config && !this.child) this.spawn();
      }, 1000);
      retry.unref();
    });
  }

  private kill() {
    const child = this.child;
    this.child = undefined;
    this.stdin = undefined;
    this.feed.reset();
    if (child) {
      child.stdin?.end();
      child.kill('SIGKILL');
    }
  }

  private stop() {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.config = undefined;
    this.kill();
  }
}
