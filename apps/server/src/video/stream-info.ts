import { type Box, readBoxes, readFragment, readTracks, videoSampleEntry } from './mp4-boxes.ts';
import { readVideoCodec, type VideoCodec } from './video-codec.ts';

/**
 * What a camera really sends, read from its live fMP4 (no ffprobe, no second connection): codec
 * and size from the init segment's video sample entry, frame rate from the sample durations of
 * the first seconds of fragments (cameras often declare no rate, or a wrong one). The median
 * duration, not the mean: the first sample of a copied RTSP stream has a made-up duration
 * (1 tick), which alone turns 15 fps into 15.5. Pure.
 */
export interface VideoInfo {
  /** ffprobe's codec names, like the cameras module's probe: h264, hevc, … */
  codec: string;
  width: number;
  height: number;
  /** Frames per second, rounded (the cameras.fps column is an integer). */
  fps: number;
  /** RFC 6381 codec string, profile and level from the parameter sets (video-codec.ts); null when unread. */
  codecString: string | null;
  profile: string | null;
  level: string | null;
}

const CODEC_NAMES: Record<string, string> = {
  avc1: 'h264',
  avc3: 'h264',
  hvc1: 'hevc',
  hev1: 'hevc',
  av01: 'av1',
  vp09: 'vp9',
  mp4v: 'mpeg4',
};

function find(buf: Buffer, parent: Box | undefined, type: string): Box | undefined {
  if (!parent) return undefined;
  return readBoxes(buf, parent.body, parent.end).find((b) => b.type === type);
}

export interface InitInfo {
  codec: string;
  width: number;
  height: number;
  trackId: number;
  timescale: number;
}

/** The first video track of an init segment (ftyp+moov); undefined when there is none. */
export function readInitInfo(init: Buffer): InitInfo | undefined {
  const found = videoSampleEntry(init);
  if (!found) return undefined;
  const { entry, trackId, timescale } = found;
  return {
    codec: CODEC_NAMES[entry.type] ?? entry.type.trim(),
    // VisualSampleEntry: reserved (6), data_reference_index (2), pre_defined/reserved (16), width, height.
    width: init.readUInt16BE(entry.body + 24),
    height: init.readUInt16BE(entry.body + 26),
    trackId,
    timescale,
  };
}

export function countSamples(
  frag: Buffer,
  tracks: ReturnType<typeof readTracks>,
  trackId: number,
): { samples: number; duration: number } {
  const moof = readBoxes(frag).find((b) => b.type === 'moof');
  if (!moof) return { samples: 0, duration: 0 };
  const traf = find(frag, moof, 'traf');
  const tfhd = find(frag, traf, 'tfhd');
  if (!traf || !tfhd || frag.readUInt32BE(tfhd.body + 4) !== trackId) return { samples: 0, duration: 0 };
  let samples = 0;
  for (const trun of readBoxes(frag, traf.body, traf.end)) {
    if (trun.type === 'trun') samples += frag.readUInt32BE(trun.body + 4);
  }
  return { samples, duration: readFragment(frag, moof, tracks)?.duration ?? 0 };
}

/**
 * Follows one stream: give it the init, then fragments; after `seconds` of media it returns the
 * full VideoInfo once (and undefined before and after). A new init starts over.
 */
export class StreamInfoProbe {
  private init: InitInfo | undefined;
  private codec: VideoCodec | undefined;
  private tracks: ReturnType<typeof readTracks> = new Map();
  /** One entry per sample: the mean sample duration of its fragment. */
  private durations: number[] = [];
  private duration = 0;
  private done = false;

  constructor(private readonly seconds = 2) {}

  pushInit(init: Buffer): void {
    this.init = readInitInfo(init);
    this.codec = readVideoCodec(init);
    const moov = readBoxes(init).find((b) => b.type === 'moov');
    this.tracks = moov ? readTracks(init, moov) : new Map();
    this.durations = [];
    this.duration = 0;
    this.done = false;
  }

  pushFragment(frag: Buffer): VideoInfo | undefined {
    const init = this.init;
    if (!init || this.done || !init.timescale) return undefined;
    const c = countSamples(frag, this.tracks, init.trackId);
    if (c.samples > 0 && c.duration > 0) {
      for (let i = 0; i < c.samples; i++) this.durations.push(c.duration / c.samples);
      this.duration += c.duration;
    }
    if (this.duration < this.seconds * init.timescale) return undefined;
    this.done = true;
    const sorted = this.durations.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const { codecString = null, profile = null, level = null } = this.codec ?? {};
    const fps = Math.round(init.timescale / median);
    return { codec: init.codec, width: init.width, height: init.height, fps, codecString, profile, level };
  }

  get measured(): boolean {
    return this.done;
  }
}
