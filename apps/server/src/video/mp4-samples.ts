import { child, children, readBoxes } from './mp4-boxes.ts';
import { NON_SYNC, trafOf } from './mp4-fragments.ts';
import type { TrackInfo } from './mp4-init.ts';

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
