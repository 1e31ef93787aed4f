import { type Box, readBoxes, readFragment, readTracks, trackOf } from './mp4-boxes.ts';

/**
 * One camera's live fragmented-MP4 feed, fanned out to any number of viewers (MSE over
 * WebSocket). ffmpeg's stdout is cut into whole boxes; the init (ftyp+moov) and the fragments
 * since the last keyframe are kept so a new viewer starts playing at once instead of waiting
 * up to a GOP. One camera connection serves every viewer.
 */
export type LiveChunk =
  | { type: 'init'; data: Buffer }
  /** One moof+mdat pair: of the picture, or of the sound (never a keyframe, and 0 s of picture). */
  | { type: 'fragment'; data: Buffer; keyframe: boolean /** Seconds of picture. */; duration: number };

export type LiveListener = (chunk: LiveChunk) => void;

/** Bound on what is kept while waiting for a keyframe, so a camera with no keyframes cannot grow memory. */
const MAX_GOP_BYTES = 16 * 1024 * 1024;

export class LiveFeed {
  private pending: Buffer = Buffer.alloc(0);
  private init: Buffer | undefined;
  private tracks: ReturnType<typeof readTracks> = new Map();
  private video: number | undefined;
  /** Fragments since the last keyframe, for a joining viewer. */
  private gop: { data: Buffer; duration: number }[] = [];
  private gopBytes = 0;
  private moof: Buffer | undefined;
  private moofKeyframe = false;
  private moofDuration = 0;
  private listeners = new Set<LiveListener>();
  /** Fragments seen since the feed (re)started: the supervisor's "online" signal. */
  fragments = 0;

  /** Called with each stdout chunk of ffmpeg. */
  push(data: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, data]) : data;
    const boxes = readBoxes(this.pending);
    if (!boxes.length) return;
    for (const box of boxes) this.onBox(box, this.pending);
    // Copy the tail so the big buffer the boxes came from is not retained.
    this.pending = Buffer.from(this.pending.subarray(boxes[boxes.length - 1]!.end));
  }

  private onBox(box: Box, buf: Buffer) {
    const bytes = buf.subarray(box.start, box.end);
    if (box.type === 'ftyp') {
      // A new ffmpeg run: everything kept belongs to the previous stream.
      this.init = Buffer.from(bytes);
      this.gop = [];
      this.gopBytes = 0;
      this.fragments = 0;
    } else if (box.type === 'moov') {
      this.init = Buffer.concat([this.init ?? Buffer.alloc(0), bytes]);
      this.tracks = readTracks(buf, box);
      this.video = trackOf(this.tracks);
      this.emit({ type: 'init', data: this.init });
    } else if (box.type === 'moof') {
      this.moof = Buffer.from(bytes);
      // Keyframes and durations are the picture's: a fragment of sound (the live output cuts one
      // per frame of either) is neither, or a new viewer would start on a frame it cannot decode.
      const info = readFragment(buf, box, this.tracks, this.video);
      this.moofKeyframe = info?.keyframe ?? this.video === undefined;
      const timescale = info && this.tracks.get(info.trackId)?.timescale;
      this.moofDuration = info && timescale ? info.duration / timescale : 0;
    } else if (box.type === 'mdat' && this.moof) {
      const data = Buffer.concat([this.moof, bytes]);
      const keyframe = this.moofKeyframe;
      const duration = this.moofDuration;
      this.moof = undefined;
      if (keyframe || this.gopBytes + data.length > MAX_GOP_BYTES) {
        this.gop = [];
        this.gopBytes = 0;
      }
      this.gop.push({ data, duration });
      this.gopBytes += data.length;
      this.fragments++;
      this.emit({ type: 'fragment', data, keyframe, duration });
    }
  }

  private emit(chunk: LiveChunk) {
    for (const fn of this.listeners) fn(chunk);
  }

  /**
   * Subscribe to the feed: the listener first receives the current init and the fragments from
   * the last keyframe (when the camera is up), then every new chunk. A later 'init' means the
   * stream restarted: reset the SourceBuffer. Returns the unsubscribe function.
   */
  subscribe(fn: LiveListener): () => void {
    if (this.init) {
      fn({ type: 'init', data: this.init });
      for (const [i, { data, duration }] of this.gop.entries())
        fn({ type: 'fragment', data, keyframe: i === 0, duration });
    }
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  get viewers(): number {
    return this.listeners.size;
  }

  /** Track timescales and defaults of the running stream (to read samples out of fragments). */
  get trackInfo(): ReturnType<typeof readTracks> {
    return this.tracks;
  }

  /** The picture's track id in the running stream's fragments. */
  get videoTrack(): number | undefined {
    return this.video;
  }

  /** The init segment, when a stream is running: its avcC (and esds) carry the codec string for MSE. */
  get initSegment(): Buffer | undefined {
    return this.init;
  }

  /** The stream ended (ffmpeg exited): drop partial data; viewers keep their subscription. */
  reset(): void {
    this.pending = Buffer.alloc(0);
    this.init = undefined;
    this.gop = [];
    this.gopBytes = 0;
    this.moof = undefined;
    this.fragments = 0;
  }
}
