import { readAvcConfig, splitNals } from './h264-rtp.ts';
import { readBoxes } from './mp4-boxes.ts';
import { videoSampleEntry } from './mp4-init.ts';
import type { KeyframeCodec } from './keyframe-pipe.ts';

/**
 * A keyframe of the live feed as a raw decoder reads it (Annex B): the parameter sets of the
 * init's avcC or hvcC in front (a decoder that has just decoded another camera's picture must not
 * use that one's), the sample's length-prefixed NAL units with start codes, and an access-unit
 * delimiter after them, so the parser knows the picture is whole without waiting for the next. Pure.
 */
export interface KeyframeFormat {
  codec: KeyframeCodec;
  /** "1920x1080": decoders are kept per size (keyframe-decoder.ts). */
  size: string;
  /** Bytes of each NAL unit's length prefix in the samples. */
  lengthSize: number;
  /** The parameter sets, each with its start code, joined. */
  params: Buffer;
}

const START = Buffer.from([0, 0, 0, 1]);
const AUD = { h264: Buffer.from([0, 0, 0, 1, 0x09, 0xf0]), hevc: Buffer.from([0, 0, 0, 1, 0x46, 0x01, 0x50]) };
/** Width and height in a visual sample entry's body (after reserved, data reference and pre-defined fields). */
const ENTRY_WIDTH_AT = 24;

/** The format of an init segment's picture; undefined for a codec this cannot decode keyframes of. */
export function keyframeFormat(init: Buffer): KeyframeFormat | undefined {
  const found = videoSampleEntry(init);
  if (!found) return undefined;
  const { entry } = found;
  const size = `${init.readUInt16BE(entry.body + ENTRY_WIDTH_AT)}x${init.readUInt16BE(entry.body + ENTRY_WIDTH_AT + 2)}`;
  for (const box of readBoxes(init, entry.body + 78, entry.end)) {
    const body = init.subarray(box.body, box.end);
    if (box.type === 'avcC') return avcFormat(init, size);
    if (box.type === 'hvcC') return hevcFormat(body, size);
  }
  return undefined;
}

/** The avcC's SPS and PPS, as the WebRTC packetizer reads them (h264-rtp.ts). */
function avcFormat(init: Buffer, size: string): KeyframeFormat | undefined {
  const config = readAvcConfig(init);
  if (!config) return undefined;
  const params = Buffer.concat([...config.sps, ...config.pps].flatMap((nal) => [START, nal]));
  return { codec: 'h264', size, lengthSize: config.lengthSize, params };
}

/** hvcC (ISO 14496-15 §8.3.3): 22 bytes of profile and stream fields, then arrays of VPS, SPS, PPS… */
function hevcFormat(hvcC: Buffer, size: string): KeyframeFormat | undefined {
  if (hvcC.length < 23) return undefined;
  const lengthSize = (hvcC[21]! & 0x03) + 1;
  const sets: Buffer[] = [];
  let p = 23;
  for (let a = 0; a < hvcC[22]! && p + 3 <= hvcC.length; a++) {
    const count = hvcC.readUInt16BE(p + 1);
    p += 3;
    for (let i = 0; i < count && p + 2 <= hvcC.length; i++) {
      const len = hvcC.readUInt16BE(p);
      if (p + 2 + len > hvcC.length) return undefined;
      sets.push(START, hvcC.subarray(p + 2, p + 2 + len));
      p += 2 + len;
    }
  }
  return { codec: 'hevc', size, lengthSize, params: Buffer.concat(sets) };
}

const isAud = (header: number, codec: KeyframeCodec) =>
  codec === 'h264' ? (header & 0x1f) === 9 : ((header >> 1) & 0x3f) === 35;

/** One keyframe sample (length-prefixed NAL units) as Annex B; undefined when it holds none. */
export function keyframeAnnexB(sample: Buffer, format: KeyframeFormat): Buffer | undefined {
  // The sample's own delimiter would open a new access unit after the parameter sets put in front.
  const nals = splitNals(sample, format.lengthSize).filter((nal) => !isAud(nal[0]!, format.codec));
  if (!nals.length) return undefined;
  return Buffer.concat([format.params, ...nals.flatMap((nal) => [START, nal]), AUD[format.codec]]);
}
