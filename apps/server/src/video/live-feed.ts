import { readBoxes, walkBoxes } from './mp4-boxes.ts';
import { moofKeyframe, readFragment } from './mp4-fragments.ts';
import { readTracks, trackOf } from './mp4-init.ts';
import { SoundTimeline } from './sound-timeline.ts';

/**
 * One camera's live fragmented-MP4 feed, fanned out to any number of viewers (MSE over
 * WebSocket). ffmpeg's stdout is cut into whole boxes; the init (ftyp+moov) and the fragments
 * since the last keyframe are kept so a new viewer starts playing at once instead of waiting
 * up to a GOP. One camera connection serves every viewer.
 *
 * Most cameras have no viewer most of the time, and a fragment comes with every frame: with nobody
 * subscribed a fragment is only walked in place for its keyframe flag and kept as a view of the
 * chunk it came in (no copy); its duration is read when a viewer joins and replays it.
 */
export type LiveChunk =
  | { type: 'init'; data: Buffer }
  /** One moof+mdat pair: of the picture, or of the sound (never a keyframe, and 0 s of picture). */
  | { type: 'fragment'; data: Buffer; keyframe: boolean /** Seconds of picture. */; duration: number };

export type LiveListener = (chunk: LiveChunk) => void;

/** Bound on what is kept while waiting for a keyframe, so a camera with no keyframes cannot grow memory. */
const MAX_GOP_BYTES = 16 * 1024 * 1024;
const EMPTY = Buffer.alloc(0);
/** Fragments of sound from before a keyframe kept with its GOP (see onBox): 0.1–0.25 s of AAC. */
const SOUND_BEFORE_KEYFRAME = 4;
// Box types as big-endian integers: compared without making a string per box.
const FTYP = 0x66747970;
const MOOV = 0x6d6f6f76;
const MOOF = 0x6d6f6f66;
const MDAT = 0x6d646174;

interface Kept {
  data: Buffer;
  /** The GOP's first picture; the sound kept before it is not one. */
  keyframe: boolean;
  /** A fragment of the picture (else of the sound). */
  picture: boolean;
  /** Seconds of picture; undefined until a viewer needs it (read from the moof then). */
  duration: number | undefined;
}

export class LiveFeed {
  private pending: Buffer = EMPTY;
  private init: Buffer | undefined;
  private tracks: ReturnType<typeof readTracks> = new Map();
  private video: number | undefined;
  /** The sound's fragments, given their durations and one continuous timeline (sound-timeline.ts). */
  private sound: SoundTimeline | undefined;
  /** Fragments since the last keyframe, for a joining viewer. */
  private gop: Kept[] = [];
  private gopBytes = 0;
  /** The moof waiting for its mdat: where it is (in `moofBuf`) and what it said. */
  private moofBuf: Buffer | undefined;
  private moofStart = 0;
  private moofEnd = 0;
  private moofKeyframe = false;
  private moofPicture = false;
  private moofDuration: number | undefined;
  private listeners = new Set<LiveListener>();
  /** Fragments seen since the feed (re)started: the supervisor's "online" signal. */
  fragments = 0;
  /**
   * Every fragment of the picture as it comes, viewers or not (the keyframe motion sampler): a
   * view into ffmpeg's chunk, nothing parsed beyond the keyframe flag the feed reads anyway.
   */
  onPicture: ((fragment: Buffer, keyframe: boolean) => void) | undefined;

  /** Called with each stdout chunk of ffmpeg. */
  push(data: Buffer): void {
    const buf = this.pending.length ? Buffer.concat([this.pending, data]) : data;
    this.buf = buf;
    const at = walkBoxes(buf, 0, buf.length, this.onBox);
    this.buf = EMPTY;
    // A split box waits for the rest; it is copied so the big buffer it came from is not retained.
    this.pending = at === buf.length ? EMPTY : Buffer.from(buf.subarray(at));
  }

  /** The buffer `push` is walking (onBox is handed offsets into it). */
  private buf: Buffer = EMPTY;

  /** An arrow property: one function for every box of every push, not a closure per push. */
  private readonly onBox = (type: number, start: number, body: number, end: number): void => {
    const buf = this.buf;
    if (type === FTYP) {
      // A new ffmpeg run: everything kept belongs to the previous stream.
      this.init = Buffer.from(buf.subarray(start, end));
      this.sound = undefined;
      this.gop = [];
      this.gopBytes = 0;
      this.fragments = 0;
    } else if (type === MOOV) {
      this.init = Buffer.concat([this.init ?? EMPTY, buf.subarray(start, end)]);
      const moov = { type: 'moov', start, body, end };
      this.tracks = readTracks(buf, moov);
      this.video = trackOf(this.tracks);
      this.sound = SoundTimeline.of(this.init);
      this.emit({ type: 'init', data: this.init });
    } else if (type === MOOF) {
      this.moofBuf = buf;
      this.moofStart = start;
      this.moofEnd = end;
      // Keyframes and durations are the picture's: a fragment of sound (the live output cuts one
      // per frame of either) is neither, or a new viewer would start on a frame it cannot decode.
      if (this.listeners.size) {
        const info = readFragment(buf, { type: 'moof', start, body, end }, this.tracks, this.video);
        this.moofKeyframe = info?.keyframe ?? this.video === undefined;
        this.moofPicture = info !== undefined || this.video === undefined;
        const timescale = info && this.tracks.get(info.trackId)?.timescale;
        this.moofDuration = info && timescale ? info.duration / timescale : 0;
      } else {
        const key = moofKeyframe(buf, body, end, this.tracks, this.video);
        this.moofKeyframe = key ?? this.video === undefined;
        this.moofPicture = key !== undefined || this.video === undefined;
        this.moofDuration = undefined;
      }
      if (!this.moofPicture) this.sound?.retime(buf, body, end);
    } else if (type === MDAT && this.moofBuf) {
      // ffmpeg writes a fragment's moof and mdat together: usually one view of the same chunk.
      const data =
        this.moofBuf === buf && this.moofEnd === start
          ? buf.subarray(this.moofStart, end)
          : Buffer.concat([this.moofBuf.subarray(this.moofStart, this.moofEnd), buf.subarray(start, end)]);
      const keyframe = this.moofKeyframe;
      const duration = this.moofDuration;
      this.moofBuf = undefined;
      if (keyframe) {
        // The last fragments of sound stay, before the keyframe: they cover the keyframe's own
        // moment (ffmpeg interleaves the sound a little apart from the picture), so a joining
        // viewer's sound starts no later than its picture. A muxed buffer plays only where both
        // are: sound starting 0.1 s after the picture stalled hls.js at the start.
        const sound: Kept[] = [];
        for (let i = this.gop.length - 1; i >= 0 && sound.length < SOUND_BEFORE_KEYFRAME; i--)
          if (!this.gop[i]!.picture) sound.unshift(this.gop[i]!);
        this.gop = sound;
        this.gopBytes = sound.reduce((n, k) => n + k.data.length, 0);
      } else if (this.gopBytes + data.length > MAX_GOP_BYTES) {
        this.gop = [];
        this.gopBytes = 0;
      }
      this.gop.push({ data, duration, keyframe, picture: this.moofPicture });
      this.gopBytes += data.length;
      this.fragments++;
      if (this.moofPicture) this.onPicture?.(data, keyframe);
      if (this.listeners.size) this.emit({ type: 'fragment', data, keyframe, duration: duration ?? 0 });
    }
  };

  /** Seconds of picture in a kept fragment (moof first), read when it is replayed. */
  private durationOf(kept: Kept): number {
    if (kept.duration !== undefined) return kept.duration;
    const moof = readBoxes(kept.data, 0, kept.data.length)[0];
    const info = moof && readFragment(kept.data, moof, this.tracks, this.video);
    const timescale = info && this.tracks.get(info.trackId)?.timescale;
    kept.duration = info && timescale ? info.duration / timescale : 0;
    return kept.duration;
  }

  private emit(chunk: LiveChunk) {
    for (const fn of this.listeners) fn(chunk);
  }

  /**
   * Subscribe to the feed: the listener first receives the current init and the fragments from
   * the last keyframe (when the camera is up), led by the last few fragments of sound before it,
   * then every new chunk. A later 'init' means the stream restarted: reset the SourceBuffer.
   * Returns the unsubscribe function.
   */
  subscribe(fn: LiveListener): () => void {
    if (this.init) {
      fn({ type: 'init', data: this.init });
      for (const kept of this.gop)
        fn({ type: 'fragment', data: kept.data, keyframe: kept.keyframe, duration: this.durationOf(kept) });
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
    this.pending = EMPTY;
    this.init = undefined;
    this.sound = undefined;
    this.gop = [];
    this.gopBytes = 0;
    this.moofBuf = undefined;
    this.fragments = 0;
  }
}
