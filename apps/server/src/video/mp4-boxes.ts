/**
 * Just enough ISO-BMFF (MP4) parsing for fragmented MP4 as ffmpeg writes it: split a byte stream
 * into top-level boxes, measure the init (ftyp+moov), tell keyframe fragments apart and sum the
 * real sample durations. Reading the boxes costs microseconds where ffprobe costs a process.
 */
export interface Box {
  type: string;
  /** Offset of the box header in the buffer it was read from. */
  start: number;
  /** Offset of the payload (after size/type/largesize). */
  body: number;
  end: number;
}

/**
 * Walks the boxes laid one after another in buf[from, to), handing each one's type (as a big-endian
 * integer: no string per box), start, payload offset and end to `fn`; stops at the first
 * incomplete one and returns its offset (`to` when every byte was a whole box).
 */
export function walkBoxes(
  buf: Buffer,
  from: number,
  to: number,
  fn: (type: number, start: number, body: number, end: number) => void,
): number {
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = Number(buf.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) {
      size = to - at; // "extends to the end of the file"
    }
    if (size < body - at || at + size > to) break;
    fn(buf.readUInt32BE(at + 4), at, body, at + size);
    at += size;
  }
  return at;
}

/** Boxes laid one after another in buf[from, to); stops at the first incomplete one. */
export function readBoxes(buf: Buffer, from = 0, to = buf.length): Box[] {
  const boxes: Box[] = [];
  walkBoxes(buf, from, to, (_type, start, body, end) =>
    boxes.push({ type: buf.toString('latin1', start + 4, start + 8), start, body, end }),
  );
  return boxes;
}

function child(buf: Buffer, parent: Box, type: string, skip = 0): Box | undefined {
  return readBoxes(buf, parent.body + skip, parent.end).find((b) => b.type === type);
}

function children(buf: Buffer, parent: Box, type: string): Box[] {
  return readBoxes(buf, parent.body, parent.end).filter((b) => b.type === type);
}

const maybeChild = (buf: Buffer, parent: Box | undefined, type: string) =>
  parent ? child(buf, parent, type) : undefined;

/** The first video track's sample entry (avc1, hev1…) with its track id; undefined when there is none. */
export function videoSampleEntry(init: Buffer): { entry: Box; trackId: number; timescale: number } | undefined {
  const moov = readBoxes(init).find((b) => b.type === 'moov');
  if (!moov) return undefined;
  const tracks = readTracks(init, moov);
  for (const trak of readBoxes(init, moov.body, moov.end).filter((b) => b.type === 'trak')) {
    const mdia = maybeChild(init, trak, 'mdia');
    const hdlr = maybeChild(init, mdia, 'hdlr');
    // hdlr: version/flags (4), pre_defined (4), handler_type.
    if (!hdlr || init.toString('latin1', hdlr.body + 8, hdlr.body + 12) !== 'vide') continue;
    const stbl = maybeChild(init, maybeChild(init, mdia, 'minf'), 'stbl');
    // stsd: version/flags (4) and entry_count (4), then the sample entries.
    const stsd = maybeChild(init, stbl, 'stsd');
    const entry = stsd ? readBoxes(init, stsd.body + 8, stsd.end)[0] : undefined;
    const tkhd = maybeChild(init, trak, 'tkhd');
    if (!entry || !tkhd || entry.body + 28 > entry.end) continue;
    const trackId = init.readUInt32BE(tkhd.body + (init[tkhd.body] === 1 ? 20 : 12));
    return { entry, trackId, timescale: tracks.get(trackId)?.timescale ?? 0 };
  }
  return undefined;
}

/** Size of the leading ftyp+moov (what a player needs before any fragment); 0 when absent. */
export function initSize(buf: Buffer): number {
  const boxes = readBoxes(buf);
  const moov = boxes.find((b) => b.type === 'moov');
  return moov ? moov.end : 0;
}

export interface TrackInfo {
  timescale: number;
  /** The hdlr's handler type: 'vide' or 'soun' (a camera's video and its sound). */
  handler: string;
  defaultDuration: number;
  defaultFlags: number;
}

/** Per-track timescale (mdhd) and defaults (trex) from a moov box. */
export function readTracks(buf: Buffer, moov: Box): Map<number, TrackInfo> {
  const tracks = new Map<number, TrackInfo>();
  for (const trak of children(buf, moov, 'trak')) {
    const tkhd = child(buf, trak, 'tkhd');
    const mdia = child(buf, trak, 'mdia');
    const mdhd = mdia && child(buf, mdia, 'mdhd');
    if (!tkhd || !mdhd) continue;
    const tkVersion = buf[tkhd.body]!;
    const trackId = buf.readUInt32BE(tkhd.body + (tkVersion === 1 ? 20 : 12));
    const mdVersion = buf[mdhd.body]!;
    const timescale = buf.readUInt32BE(mdhd.body + (mdVersion === 1 ? 20 : 12));
    // hdlr: version/flags (4), pre_defined (4), handler_type.
    const hdlr = child(buf, mdia, 'hdlr');
    const handler = hdlr ? buf.toString('latin1', hdlr.body + 8, hdlr.body + 12) : '';
    tracks.set(trackId, { timescale, handler, defaultDuration: 0, defaultFlags: 0 });
  }
  const mvex = child(buf, moov, 'mvex');
  for (const trex of mvex ? children(buf, mvex, 'trex') : []) {
    const t = tracks.get(buf.readUInt32BE(trex.body + 4));
    if (!t) continue;
    t.defaultDuration = buf.readUInt32BE(trex.body + 12);
    t.defaultFlags = buf.readUInt32BE(trex.body + 20);
  }
  return tracks;
}

/** The first track with this handler ('vide' by default): what durations, keyframes and frames are read from. */
export function trackOf(tracks: Map<number, TrackInfo>, handler: 'vide' | 'soun' = 'vide'): number | undefined {
  for (const [id, t] of tracks) if (t.handler === handler) return id;
  return undefined;
}

/**
 * The traf of `trackId` in a moof (a segment's fragment holds one per track: video and sound);
 * without a track, the first one.
 */
function trafOf(buf: Buffer, moof: Box, trackId?: number): { traf: Box; tfhd: Box } | undefined {
  for (const traf of children(buf, moof, 'traf')) {
    const tfhd = child(buf, traf, 'tfhd');
    if (!tfhd) continue;
    if (trackId === undefined || buf.readUInt32BE(tfhd.body + 4) === trackId) return { traf, tfhd };
  }
  return undefined;
}

export interface FragmentInfo {
  trackId: number;
  /** Sum of the fragment's sample durations, in the track timescale. */
  duration: number;
  samples: number;
  /** True when the fragment's first sample is a sync sample (a keyframe). */
  keyframe: boolean;
}

const NON_SYNC = 0x00010000;

/**
 * Reads one traf of a moof (the track's, or the first): its track, total duration and whether it
 * opens on a keyframe. Undefined when the moof has nothing of that track (a fragment of sound).
 */
export function readFragment(
  buf: Buffer,
  moof: Box,
  tracks: Map<number, TrackInfo>,
  wanted?: number,
): FragmentInfo | undefined {
  const found = trafOf(buf, moof, wanted);
  if (!found) return undefined;
  const { traf, tfhd } = found;
  const tfFlags = buf.readUInt32BE(tfhd.body) & 0xffffff;
  const trackId = buf.readUInt32BE(tfhd.body + 4);
  const track = tracks.get(trackId);
  let p = tfhd.body + 8;
  if (tfFlags & 0x01) p += 8; // base-data-offset
  if (tfFlags & 0x02) p += 4; // sample-description-index
  let defaultDuration = track?.defaultDuration ?? 0;
  let defaultFlags = track?.defaultFlags ?? 0;
  if (tfFlags & 0x08) {
    defaultDuration = buf.readUInt32BE(p);
    p += 4;
  }
  if (tfFlags & 0x10) p += 4; // default-sample-size
  if (tfFlags & 0x20) defaultFlags = buf.readUInt32BE(p);

  let duration = 0;
  let samples = 0;
  let firstFlags: number | undefined;
  for (const trun of children(buf, traf, 'trun')) {
    const flags = buf.readUInt32BE(trun.body) & 0xffffff;
    const count = buf.readUInt32BE(trun.body + 4);
    samples += count;
    let q = trun.body + 8;
    if (flags & 0x01) q += 4; // data-offset
    let first: number | undefined;
    if (flags & 0x04) {
      first = buf.readUInt32BE(q);
      q += 4;
    }
    for (let i = 0; i < count; i++) {
      let sampleDuration = defaultDuration;
      let sampleFlags = i === 0 && first !== undefined ? first : defaultFlags;
      if (flags & 0x100) {
        sampleDuration = buf.readUInt32BE(q);
        q += 4;
      }
      if (flags & 0x200) q += 4; // size
      if (flags & 0x400) {
        sampleFlags = buf.readUInt32BE(q);
        q += 4;
      }
      if (flags & 0x800) q += 4; // composition offset
      if (firstFlags === undefined) firstFlags = sampleFlags;
      duration += sampleDuration;
    }
  }
  return { trackId, duration, samples, keyframe: firstFlags === undefined || (firstFlags & NON_SYNC) === 0 };
}

const TRAF = 0x74726166;
const TFHD = 0x74666864;
const TRUN = 0x7472756e;

/**
 * Whether a moof (its payload: buf[body, end)) opens on a keyframe of track `wanted` (or of its
 * first traf), as readFragment's `keyframe` says, read in place: no box list, no string, no copy,
 * for the live feed's frames that nobody watches. Undefined when the moof has no traf of that
 * track (a fragment of sound) or cannot be read.
 */
export function moofKeyframe(
  buf: Buffer,
  body: number,
  end: number,
  tracks: Map<number, TrackInfo>,
  wanted?: number,
): boolean | undefined {
  for (let at = body; at + 8 <= end; ) {
    const size = buf.readUInt32BE(at);
    if (size < 8 || at + size > end) return undefined;
    if (buf.readUInt32BE(at + 4) === TRAF) {
      const key = trafKeyframe(buf, at + 8, at + size, tracks, wanted);
      if (key !== undefined) return key;
    }
    at += size;
  }
  return undefined;
}

function trafKeyframe(
  buf: Buffer,
  body: number,
  end: number,
  tracks: Map<number, TrackInfo>,
  wanted: number | undefined,
): boolean | undefined {
  let defaultFlags: number | undefined;
  for (let at = body; at + 8 <= end; ) {
    const size = buf.readUInt32BE(at);
    if (size < 8 || at + size > end) return undefined;
    const type = buf.readUInt32BE(at + 4);
    if (type === TFHD && defaultFlags === undefined) {
      const p0 = at + 8;
      const tfFlags = buf.readUInt32BE(p0) & 0xffffff;
      const trackId = buf.readUInt32BE(p0 + 4);
      if (wanted !== undefined && trackId !== wanted) return undefined;
      defaultFlags = tracks.get(trackId)?.defaultFlags ?? 0;
      let p = p0 + 8;
      if (tfFlags & 0x01) p += 8; // base-data-offset
      if (tfFlags & 0x02) p += 4; // sample-description-index
      if (tfFlags & 0x08) p += 4; // default-sample-duration
      if (tfFlags & 0x10) p += 4; // default-sample-size
      if (tfFlags & 0x20) defaultFlags = buf.readUInt32BE(p);
    } else if (type === TRUN && defaultFlags !== undefined) {
      const flags = buf.readUInt32BE(at + 8) & 0xffffff;
      // A run without samples says nothing; the first sample of a later one opens the fragment.
      if (buf.readUInt32BE(at + 12) > 0) {
        let q = at + 16;
        if (flags & 0x01) q += 4; // data-offset
        let first = defaultFlags;
        if (flags & 0x04) {
          first = buf.readUInt32BE(q);
          q += 4;
        }
        // Per-sample flags win over the first-sample flags, as readFragment reads them.
        if (flags & 0x400) first = buf.readUInt32BE(q + (flags & 0x100 ? 4 : 0) + (flags & 0x200 ? 4 : 0));
        return (first & NON_SYNC) === 0;
      }
    }
    at += size;
  }
  // A traf of the track without samples: readFragment calls it a keyframe too.
  return defaultFlags === undefined ? undefined : true;
}

export interface Mp4Summary {
  initBytes: number;
  /** Seconds of media in complete fragments (moof followed by its mdat). */
  durationSec: number;
  fragments: number;
}

/** Summarises a whole fragmented MP4 file; a truncated tail (kill -9) is ignored, not an error. */
export function summarizeFragmentedMp4(buf: Buffer): Mp4Summary {
  const boxes = readBoxes(buf);
  const moov = boxes.find((b) => b.type === 'moov');
  if (!moov) return { initBytes: 0, durationSec: 0, fragments: 0 };
  const tracks = readTracks(buf, moov);
  // The footage lasts as long as its picture: the sound's frames end a few ms apart from it.
  const video = trackOf(tracks);
  const perTrack = new Map<number, number>();
  let fragments = 0;
  for (let i = 0; i < boxes.length; i++) {
    const box = boxes[i]!;
    if (box.type !== 'moof' || boxes[i + 1]?.type !== 'mdat') continue;
    fragments++;
    const f = readFragment(buf, box, tracks, video);
    if (f) perTrack.set(f.trackId, (perTrack.get(f.trackId) ?? 0) + f.duration);
  }
  let durationSec = 0;
  for (const [id, units] of perTrack) {
    const ts = tracks.get(id)?.timescale;
    if (ts) durationSec = Math.max(durationSec, units / ts);
  }
  return { initBytes: moov.end, durationSec, fragments };
}

export interface Sample {
  /** Decode time in the track timescale (tfdt + the durations before it). */
  dts: number;
  /** Composition offset: presentation time = dts + cto. */
  cto: number;
  duration: number;
  keyframe: boolean;
  /** The sample's bytes inside the mdat (AVCC: 4-byte length-prefixed NAL units for H.264). */
  data: Buffer;
}

/**
 * Every sample of one fragment (`frag` = a moof followed by its mdat, as the live feed cuts it):
 * what a packetizer needs to send each frame on its own (WebRTC).
 */
export function readSamples(
  frag: Buffer,
  tracks: Map<number, TrackInfo>,
  trackId?: number,
): { timescale: number; samples: Sample[] } {
  const [moof, mdat] = readBoxes(frag);
  if (moof?.type !== 'moof' || mdat?.type !== 'mdat') return { timescale: 0, samples: [] };
  const found = trafOf(frag, moof, trackId);
  if (!found) return { timescale: 0, samples: [] };
  const { traf, tfhd } = found;
  const tfFlags = frag.readUInt32BE(tfhd.body) & 0xffffff;
  const track = tracks.get(frag.readUInt32BE(tfhd.body + 4));
  let p = tfhd.body + 8;
  // With default-base-is-moof (ffmpeg's default_base_moof) data offsets count from the moof.
  let base = moof.start;
  if (tfFlags & 0x01) {
    base = Number(frag.readBigUInt64BE(p));
    p += 8;
  }
  if (tfFlags & 0x02) p += 4;
  let defaultDuration = track?.defaultDuration ?? 0;
  let defaultSize = 0;
  let defaultFlags = track?.defaultFlags ?? 0;
  if (tfFlags & 0x08) {
    defaultDuration = frag.readUInt32BE(p);
    p += 4;
  }
  if (tfFlags & 0x10) {
    defaultSize = frag.readUInt32BE(p);
    p += 4;
  }
  if (tfFlags & 0x20) defaultFlags = frag.readUInt32BE(p);
  const tfdt = child(frag, traf, 'tfdt');
  let dts = 0;
  if (tfdt)
    dts = frag[tfdt.body] === 1 ? Number(frag.readBigUInt64BE(tfdt.body + 4)) : frag.readUInt32BE(tfdt.body + 4);

  const samples: Sample[] = [];
  let dataAt = mdat.body;
  for (const trun of children(frag, traf, 'trun')) {
    const flags = frag.readUInt32BE(trun.body) & 0xffffff;
    const count = frag.readUInt32BE(trun.body + 4);
    let q = trun.body + 8;
    if (flags & 0x01) {
      dataAt = base + frag.readInt32BE(q);
      q += 4;
    }
    let first: number | undefined;
    if (flags & 0x04) {
      first = frag.readUInt32BE(q);
      q += 4;
    }
    for (let i = 0; i < count; i++) {
      let duration = defaultDuration;
      let size = defaultSize;
      let sampleFlags = i === 0 && first !== undefined ? first : defaultFlags;
      let cto = 0;
      if (flags & 0x100) {
        duration = frag.readUInt32BE(q);
        q += 4;
      }
      if (flags & 0x200) {
        size = frag.readUInt32BE(q);
        q += 4;
      }
      if (flags & 0x400) {
        sampleFlags = frag.readUInt32BE(q);
        q += 4;
      }
      if (flags & 0x800) {
        cto = frag.readInt32BE(q);
        q += 4;
      }
      if (dataAt + size > frag.length) break;
      samples.push({
        dts,
        cto,
        duration,
        keyframe: (sampleFlags & NON_SYNC) === 0,
        data: frag.subarray(dataAt, dataAt + size),
      });
      dts += duration;
      dataAt += size;
    }
  }
  return { timescale: track?.timescale ?? 0, samples };
}
