import type { LiveChunk, LiveFeed } from '../../video/live-feed.ts';

/**
 * Live HLS (the last-resort transport, for browsers without WebRTC or MSE) cut from the same
 * live feed: one media segment per GOP (keyframe to keyframe), a sliding window of the last few,
 * and the feed's own init as EXT-X-MAP. No extra ffmpeg output: it only runs while someone
 * polls the playlist, and stops after IDLE_MS without a request.
 */
const WINDOW = 5;
const IDLE_MS = 30_000;
/** A camera whose GOP never ends must not grow memory: cut at this size even without a keyframe. */
const MAX_SEGMENT_BYTES = 16 * 1024 * 1024;

interface Segment {
  seq: number;
  duration: number;
  data: Buffer;
}

export class LiveHls {
  private init: Buffer | undefined;
  private segments: Segment[] = [];
  private parts: Buffer[] = [];
  private partsBytes = 0;
  private partsDuration = 0;
  private seq = 0;
  private discontinuity = 0;
  private unsubscribe: (() => void) | undefined;
  private idle: NodeJS.Timeout | undefined;
  private waiters: (() => void)[] = [];

  constructor(private readonly feed: LiveFeed) {}

  /** Keeps the segmenter running for another IDLE_MS (every request calls it). */
  touch(): void {
    if (!this.unsubscribe) this.unsubscribe = this.feed.subscribe((c) => this.onChunk(c));
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stop(), IDLE_MS);
    this.idle.unref();
  }

  stop(): void {
    clearTimeout(this.idle);
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.init = undefined;
    this.segments = [];
    this.parts = [];
    this.partsBytes = 0;
    this.partsDuration = 0;
    for (const w of this.waiters.splice(0)) w();
  }

  private onChunk(chunk: LiveChunk) {
    if (chunk.type === 'init') {
      if (this.init && !chunk.data.equals(this.init)) this.discontinuity++;
      this.init = chunk.data;
      // The stream restarted: what is buffered belongs to the old one.
      this.segments = [];
      this.parts = [];
      this.partsBytes = 0;
      this.partsDuration = 0;
      return;
    }
    const cut = chunk.keyframe || this.partsBytes + chunk.data.length > MAX_SEGMENT_BYTES;
    if (cut && this.parts.length) this.closeSegment();
    // A segment must open on a keyframe; anything before the first one is useless.
    if (!this.parts.length && !chunk.keyframe) return;
    this.parts.push(chunk.data);
    this.partsBytes += chunk.data.length;
    this.partsDuration += chunk.duration;
  }

  private closeSegment() {
    this.segments.push({ seq: this.seq++, duration: this.partsDuration, data: Buffer.concat(this.parts) });
    if (this.segments.length > WINDOW) this.segments.shift();
    this.parts = [];
    this.partsBytes = 0;
    this.partsDuration = 0;
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits (up to `ms`) until at least one whole segment exists: a new viewer's first request. */
  async ready(ms: number): Promise<boolean> {
    this.touch();
    if (this.segments.length) return true;
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      this.waiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
    return this.segments.length > 0;
  }

  /** The media playlist; `sign(name)` turns a file name into its (signed) URL. */
  playlist(sign: (name: string) => string): string {
    const target = Math.max(1, ...this.segments.map((s) => Math.ceil(s.duration)));
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      `#EXT-X-TARGETDURATION:${target}`,
      `#EXT-X-MEDIA-SEQUENCE:${this.segments[0]?.seq ?? this.seq}`,
      `#EXT-X-DISCONTINUITY-SEQUENCE:${this.discontinuity}`,
      '#EXT-X-INDEPENDENT-SEGMENTS',
      `#EXT-X-MAP:URI="${sign('init.mp4')}"`,
    ];
    for (const s of this.segments) lines.push(`#EXTINF:${s.duration.toFixed(3)},`, sign(`${s.seq}.m4s`));
    return `${lines.join('\n')}\n`;
  }

  initSegment(): Buffer | undefined {
    this.touch();
    return this.init;
  }

  segment(seq: number): Buffer | undefined {
    this.touch();
    return this.segments.find((s) => s.seq === seq)?.data;
  }
}
