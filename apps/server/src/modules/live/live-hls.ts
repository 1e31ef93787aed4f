import type { LiveChunk, LiveFeed } from '../../video/live-feed.ts';

/**
 * Live HLS (the last-resort transport: iOS Safari without MSE, browsers without WebRTC) cut from
 * the same live feed, as Low-Latency HLS: each media segment is one GOP (keyframe to keyframe),
 * published as it grows in partial segments of about 0.2 s; a playlist request may wait for the
 * next part (blocking reload, `_HLS_msn`/`_HLS_part`), and the part being made is announced as a
 * preload hint, so a player holds about three parts behind the camera instead of three segments.
 * No extra ffmpeg output: it runs only while someone requests, and stops IDLE_MS after the last.
 */
const WINDOW = 5;
/** Segments whose parts are still listed (the spec asks for at least three target durations). */
const PARTS_LISTED = 3;
const IDLE_MS = 30_000;
/** A part closes once it holds this much picture: 3 frames at 15 fps, 5 at 25 fps. */
const PART_MIN_S = 0.2;
/** Fragments of sound kept while waiting for a keyframe (a few seconds of AAC at most). */
const MAX_CARRIED = 256;
/** A camera whose GOP never ends must not grow memory: cut at this size even without a keyframe. */
const MAX_SEGMENT_BYTES = 16 * 1024 * 1024;

interface Part {
  data: Buffer[];
  bytes: number;
  duration: number;
  independent: boolean;
  /** Fragments of sound at the end of `data`, after its last picture. */
  soundAfter: number;
}

interface Segment {
  seq: number;
  parts: Part[];
  duration: number;
  bytes: number;
}

const emptyPart = (independent: boolean): Part => ({ data: [], bytes: 0, duration: 0, independent, soundAfter: 0 });

export class LiveHls {
  private init: Buffer | undefined;
  private segments: Segment[] = [];
  /** The segment being made: its closed parts and the one filling. */
  private open: Segment | undefined;
  private filling: Part | undefined;
  private seq = 0;
  /**
   * Sound that came after a segment's last picture (or before the first keyframe): it opens the
   * next segment's first part. Published on its own it made a part of 0 s, which hls.js never
   * counts as buffered: it loaded the segment's parts again and again and showed no picture for
   * ~10 s on a camera with sound. In the next part it also starts the sound no later than the picture.
   */
  private carry: Buffer[] = [];
  private discontinuity = 0;
  /** Declared durations only grow: the spec forbids PART-TARGET and TARGETDURATION to change down. */
  private partTarget = 0;
  private targetDuration = 1;
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
    this.reset();
    this.wake();
  }

  private reset() {
    this.segments = [];
    this.open = undefined;
    this.filling = undefined;
    this.carry = [];
  }

  /** A new part, opened with the sound carried over (see `carry`). */
  private startPart(independent: boolean): Part {
    const part = emptyPart(independent);
    for (const data of this.carry.splice(0)) {
      part.data.push(data);
      part.bytes += data.length;
    }
    return part;
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  private onChunk(chunk: LiveChunk) {
    if (chunk.type === 'init') {
      if (this.init && !chunk.data.equals(this.init)) this.discontinuity++;
      this.init = chunk.data;
      // The stream restarted: what is buffered belongs to the old one. The sequence goes on, so
      // a player's next blocking request is not answered from the old numbers.
      if (this.open) this.seq++;
      this.reset();
      return;
    }
    const size = (this.open?.bytes ?? 0) + (this.filling?.bytes ?? 0);
    if (chunk.keyframe || size + chunk.data.length > MAX_SEGMENT_BYTES) this.closeSegment();
    // A segment must open on a keyframe: pictures before the first one cannot be decoded. The
    // sound since the last of them is kept to open it with (a fragment of sound is 0 s of picture).
    if (!this.open) {
      if (!chunk.keyframe) {
        if (chunk.duration > 0) this.carry = [];
        else if (this.carry.push(chunk.data) > MAX_CARRIED) this.carry.shift();
        return;
      }
      this.open = { seq: this.seq, parts: [], duration: 0, bytes: 0 };
    }
    this.filling ??= this.startPart(this.open.parts.length === 0);
    const part = this.filling;
    part.data.push(chunk.data);
    part.bytes += chunk.data.length;
    part.duration += chunk.duration;
    part.soundAfter = chunk.duration > 0 ? 0 : part.soundAfter + 1;
    if (part.duration >= PART_MIN_S - 0.001) this.closePart();
  }

  private closePart() {
    const part = this.filling;
    if (!this.open || !part?.bytes) return;
    this.filling = undefined;
    this.open.parts.push(part);
    this.open.duration += part.duration;
    this.open.bytes += part.bytes;
    this.partTarget = Math.max(this.partTarget, Math.ceil(part.duration * 1000) / 1000);
    this.wake();
  }

  private closeSegment() {
    // The sound after the segment's last picture goes on with the next segment (see `carry`).
    const part = this.filling;
    if (part?.soundAfter) {
      const sound = part.data.splice(part.data.length - part.soundAfter);
      for (const data of sound) part.bytes -= data.length;
      part.soundAfter = 0;
      this.carry.push(...sound);
      if (!part.data.length) this.filling = undefined;
    }
    this.closePart();
    const seg = this.open;
    if (!seg) return;
    this.open = undefined;
    this.seq = seg.seq + 1;
    this.segments.push(seg);
    if (this.segments.length > WINDOW) this.segments.shift();
    this.targetDuration = Math.max(this.targetDuration, Math.ceil(seg.duration));
    this.wake();
  }

  /** Resolves when `done()` holds, or after `ms`; true when it holds. */
  private async until(done: () => boolean, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0 || !this.unsubscribe) return done();
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return true;
  }

  /** Waits (up to `ms`) until at least one whole segment exists: a new viewer's first request. */
  ready(ms: number): Promise<boolean> {
    this.touch();
    return this.until(() => this.segments.length > 0, ms);
  }

  /** How long a blocking request may be held: three target durations, as the spec says. */
  private get holdMs(): number {
    return 3 * this.targetDuration * 1000;
  }

  /** Whether segment `msn` (and its part `part`, when given) exists. */
  private has(msn: number, part?: number): boolean {
    if (this.open && msn === this.open.seq) return part !== undefined && this.open.parts.length > part;
    return msn < (this.open?.seq ?? this.seq);
  }

  /**
   * Blocking playlist reload: waits until segment `msn` (part `part`) is in the playlist, at most
   * three target durations. False when the request names a segment too far ahead to wait for
   * (more than two past the last, which the spec answers with 400).
   */
  async waitFor(msn: number, part?: number): Promise<boolean> {
    this.touch();
    if (msn > (this.open?.seq ?? this.seq) + 2) return false;
    await this.until(() => this.has(msn, part), this.holdMs);
    return true;
  }

  /** The media playlist; `sign(name)` turns a file name into its (signed) URL. */
  playlist(sign: (name: string) => string): string {
    const partTarget = this.partTarget || PART_MIN_S;
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:9',
      `#EXT-X-TARGETDURATION:${this.targetDuration}`,
      `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${(3 * partTarget).toFixed(3)}`,
      `#EXT-X-PART-INF:PART-TARGET=${partTarget.toFixed(3)}`,
      `#EXT-X-MEDIA-SEQUENCE:${this.segments[0]?.seq ?? this.seq}`,
      `#EXT-X-DISCONTINUITY-SEQUENCE:${this.discontinuity}`,
      '#EXT-X-INDEPENDENT-SEGMENTS',
      `#EXT-X-MAP:URI="${sign('init.mp4')}"`,
    ];
    const partLines = (seg: Segment) =>
      seg.parts.map(
        (p, i) =>
          `#EXT-X-PART:DURATION=${p.duration.toFixed(3)},URI="${sign(`${seg.seq}.${i}.m4s`)}"${p.independent ? ',INDEPENDENT=YES' : ''}`,
      );
    this.segments.forEach((s, i) => {
      if (i >= this.segments.length - PARTS_LISTED) lines.push(...partLines(s));
      lines.push(`#EXTINF:${s.duration.toFixed(3)},`, sign(`${s.seq}.m4s`));
    });
    if (this.open) lines.push(...partLines(this.open));
    // The part being made: a player asks for it now and gets it the moment it closes.
    const next = this.open ? `${this.open.seq}.${this.open.parts.length}` : `${this.seq}.0`;
    lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${sign(`${next}.m4s`)}"`);
    return `${lines.join('\n')}\n`;
  }

  initSegment(): Buffer | undefined {
    this.touch();
    return this.init;
  }

  private find(seq: number): Segment | undefined {
    return this.open?.seq === seq ? this.open : this.segments.find((s) => s.seq === seq);
  }

  /** A whole segment (closed ones only). */
  segment(seq: number): Buffer | undefined {
    this.touch();
    const seg = this.segments.find((s) => s.seq === seq);
    return seg && Buffer.concat(seg.parts.flatMap((p) => p.data));
  }

  /** A part; one not made yet (the preload hint, or the next segment's first) is waited for. */
  async part(seq: number, index: number): Promise<Buffer | undefined> {
    this.touch();
    const making = this.open?.seq ?? this.seq;
    if (seq === making || seq === making + 1) {
      // Done when the part exists, or its segment closed without it.
      const done = () => (this.find(seq)?.parts.length ?? 0) > index || seq < (this.open?.seq ?? this.seq);
      await this.until(done, this.holdMs);
    }
    const p = this.find(seq)?.parts[index];
    return p && Buffer.concat(p.data);
  }
}
