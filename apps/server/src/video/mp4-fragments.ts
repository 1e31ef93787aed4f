import { type Box, children, child, readBoxes } from './mp4-boxes.ts';
import { type TrackInfo, readTracks, trackOf } from './mp4-init.ts';

/**
 * The fragments of a fragmented MP4 (moof, then its mdat): each track's run of samples, their
 * summed durations and whether a fragment opens on a keyframe, and a whole file summarised.
 */

/**
 * The traf of `trackId` in a moof (a segment's fragment holds one per track: video and sound);
 * without a track, the first one.
 */
export function trafOf(buf: Buffer, moof: Box, trackId?: number): { traf: Box; tfhd: Box } | undefined {
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

/** A sample flag: set on every sample that is not a sync sample (a keyframe). */
export const NON_SYNC = 0x00010000;

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
