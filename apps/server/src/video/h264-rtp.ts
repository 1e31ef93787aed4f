/**
 * H.264 over RTP (RFC 6184) from the live feed's fMP4 samples, without decoding: each sample's
 * length-prefixed NAL units become single-NAL packets or FU-A fragments. Keyframes get the
 * SPS/PPS from the init's avcC in front, because a browser joining mid-stream never saw them.
 * Pure functions: the WebRTC session only adds timing and sends.
 */

/** Payload bytes per packet: a 1200-byte payload plus headers stays under any usual path MTU. */
export const RTP_MAX_PAYLOAD = 1200;

const NAL_SPS = 7;
const NAL_PPS = 8;
const NAL_AUD = 9;
const FU_A = 28;

export interface AvcConfig {
  /** Bytes of each NAL unit's length prefix in the samples (almost always 4). */
  lengthSize: number;
  sps: Buffer[];
  pps: Buffer[];
}

/** Reads the avcC box of an init segment (ftyp+moov); undefined when there is none. */
export function readAvcConfig(init: Buffer): AvcConfig | undefined {
  const at = init.indexOf('avcC', 0, 'latin1');
  if (at < 4) return undefined;
  const end = at - 4 + init.readUInt32BE(at - 4);
  let p = at + 4 + 4; // version, profile, compatibility, level
  if (end > init.length || p + 2 > end) return undefined;
  const lengthSize = (init[p]! & 0x03) + 1;
  p++;
  const read = (count: number) => {
    const out: Buffer[] = [];
    for (let i = 0; i < count && p + 2 <= end; i++) {
      const len = init.readUInt16BE(p);
      p += 2;
      if (p + len > end) break;
      out.push(init.subarray(p, p + len));
      p += len;
    }
    return out;
  };
  const sps = read(init[p++]! & 0x1f);
  const pps = p < end ? read(init[p++]!) : [];
  return { lengthSize, sps, pps };
}

/** Splits a length-prefixed (AVCC) sample into its NAL units; a truncated tail is dropped. */
export function splitNals(sample: Buffer, lengthSize = 4): Buffer[] {
  const nals: Buffer[] = [];
  let p = 0;
  while (p + lengthSize <= sample.length) {
    const len = sample.readUIntBE(p, lengthSize);
    p += lengthSize;
    if (len === 0 || p + len > sample.length) break;
    nals.push(sample.subarray(p, p + len));
    p += len;
  }
  return nals;
}

/**
 * The NAL units to send for one frame: access-unit delimiters dropped (they carry nothing a
 * decoder needs), SPS/PPS put in front of a keyframe that lacks them.
 */
export function frameNals(sample: Buffer, config: AvcConfig, keyframe: boolean): Buffer[] {
  const nals = splitNals(sample, config.lengthSize).filter((n) => (n[0]! & 0x1f) !== NAL_AUD);
  if (!keyframe) return nals;
  const hasParams = nals.some((n) => (n[0]! & 0x1f) === NAL_SPS) && nals.some((n) => (n[0]! & 0x1f) === NAL_PPS);
  return hasParams ? nals : [...config.sps, ...config.pps, ...nals];
}

/** RTP payloads of one frame, in order; the last one carries the marker bit. */
export function packetizeNals(nals: Buffer[], maxPayload = RTP_MAX_PAYLOAD): Buffer[] {
  const out: Buffer[] = [];
  for (const nal of nals) {
    if (nal.length <= maxPayload) {
      out.push(nal);
      continue;
    }
    const header = nal[0]!;
    const indicator = (header & 0xe0) | FU_A;
    const type = header & 0x1f;
    const body = nal.subarray(1);
    const step = maxPayload - 2;
    for (let at = 0; at < body.length; at += step) {
      const start = at === 0 ? 0x80 : 0;
      const end = at + step >= body.length ? 0x40 : 0;
      out.push(Buffer.concat([Buffer.from([indicator, start | end | type]), body.subarray(at, at + step)]));
    }
  }
  return out;
}
