import { type Box, readBoxes } from './mp4-boxes.ts';
import { readFragment } from './mp4-fragments.ts';
import { readTracks, videoSampleEntry } from './mp4-init.ts';
import { readVideoCodec, type VideoCodec } from './video-codec.ts';

/**
 * What a camera really sends, read from its live fMP4 (no ffprobe, no second connection): codec
 * and size from the init segment's video sample entry, frame rate from the first seconds of
 * fragments (cameras often declare no rate, or a wrong one; see StreamInfoProbe). Pure.
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

/**
 * Samples, their total duration and the decode time of the first (tfdt; undefined without one), in
 * track timescale units, of one moof+mdat of the given track.
 */
export function countSamples(
  frag: Buffer,
  tracks: ReturnType<typeof readTracks>,
  trackId: number,
): { samples: number; duration: number; decodeTime?: number } {
  const moof = readBoxes(frag).find((b) => b.type === 'moof');
  const f = moof && readFragment(frag, moof, tracks, trackId);
  if (!moof || !f) return { samples: 0, duration: 0 };
  // The track's own traf: with sound, a fragment can hold an audio traf too.
  const traf = readBoxes(frag, moof.body, moof.end).find((b) => {
    const tfhd = b.type === 'traf' ? find(frag, b, 'tfhd') : undefined;
    return tfhd !== undefined && frag.readUInt32BE(tfhd.body + 4) === trackId;
  });
  const tfdt = find(frag, traf, 'tfdt');
  if (!tfdt) return { samples: f.samples, duration: f.duration };
  // tfdt: version/flags (4), then a 64-bit (version 1) or 32-bit decode time.
  const decodeTime =
    frag[tfdt.body] === 1 ? Number(frag.readBigUInt64BE(tfdt.body + 4)) : frag.readUInt32BE(tfdt.body + 4);
  return { samples: f.samples, duration: f.duration, decodeTime };
}

/**
 * Follows one stream: give it the init, then fragments; after `seconds` of media it returns the
 * full VideoInfo once (and undefined before and after). A new init starts over.
 *
 * The rate is the median spacing of frames from the fragments' decode times: those are the frames'
 * real times (stamped on arrival), while the durations written in a fragment can be nominal (an
 * MJPEG camera's frames, one per fragment, each written with the demuxer's nominal duration; the
 * first sample of a copied RTSP stream has a made-up duration of 1 tick). A median, not frames over
 * the span: one stall of 150 ms in two seconds turned 15 fps into 14. Without decode times, the
 * median sample duration.
 */
export class StreamInfoProbe {
  private init: InitInfo | undefined;
  private codec: VideoCodec | undefined;
  private tracks: ReturnType<typeof readTracks> = new Map();
  /** One entry per sample: the mean sample duration of its fragment. */
  private durations: number[] = [];
  private duration = 0;
  /**
   * One entry per sample: its share of the time to the next fragment's decode time (the frames'
   * real spacing, also where written durations are nominal). The median of these ignores a stall
   * or a burst, which in two seconds of frames would move the rate by one.
   */
  private intervals: number[] = [];
  private last: { decode: number; samples: number } | undefined;
  /** Decode time of the second fragment, and the samples from it to the latest, with their time span. */
  private firstDecode: number | undefined;
  private spanned = { samples: 0, time: 0 };
  private samples = 0;
  private fragments = 0;
  private done = false;

  constructor(private readonly seconds = 2) {}

  pushInit(init: Buffer): void {
    this.init = readInitInfo(init);
    this.codec = readVideoCodec(init);
    const moov = readBoxes(init).find((b) => b.type === 'moov');
    this.tracks = moov ? readTracks(init, moov) : new Map();
    this.durations = [];
    this.duration = 0;
    this.intervals = [];
    this.last = undefined;
    this.firstDecode = undefined;
    this.spanned = { samples: 0, time: 0 };
    this.samples = 0;
    this.fragments = 0;
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
    if (c.samples > 0 && c.decodeTime !== undefined) {
      if (this.last && c.decodeTime > this.last.decode) {
        const each = (c.decodeTime - this.last.decode) / this.last.samples;
        for (let i = 0; i < this.last.samples; i++) this.intervals.push(each);
      }
      this.last = { decode: c.decodeTime, samples: c.samples };
      // From the second fragment: the first one's first sample may have a made-up duration.
      if (this.fragments++ > 0) {
        this.firstDecode ??= c.decodeTime;
        this.spanned = { samples: this.samples, time: c.decodeTime - this.firstDecode };
        this.samples += c.samples;
      }
    }
    // Media seen: the decode times' span plus this fragment, or the durations' sum, whichever is longer.
    const seen = Math.max(this.duration, this.spanned.time + c.duration);
    if (seen < this.seconds * init.timescale || !this.durations.length) return undefined;
    this.done = true;
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const perFrame = this.intervals.length > 1 ? median(this.intervals) : median(this.durations);
    const { codecString = null, profile = null, level = null } = this.codec ?? {};
    const fps = Math.round(init.timescale / perFrame);
    return { codec: init.codec, width: init.width, height: init.height, fps, codecString, profile, level };
  }

  get measured(): boolean {
    return this.done;
  }
}
