import { type Box, readBoxes } from './mp4-boxes.ts';
import { readTracks } from './mp4-init.ts';

/**
 * The sound track of an init segment (ftyp+moov), read from its sample entry: AAC's
 * AudioSpecificConfig (in the esds box) gives the MSE codec string `mp4a.40.<object type>` and
 * the ADTS header the Opus encoder for WebRTC reads AAC through. Pure.
 */
export interface AudioInfo {
  /** ffprobe's names: aac, opus, … */
  codec: string;
  trackId: number;
  timescale: number;
  sampleRate: number;
  channels: number;
  /** AAC only: the AudioSpecificConfig bytes and its audio object type (2 = AAC-LC). */
  config?: Buffer;
  objectType?: number;
}

const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

function find(buf: Buffer, parent: Box | undefined, type: string, skip = 0): Box | undefined {
  if (!parent) return undefined;
  return readBoxes(buf, parent.body + skip, parent.end).find((b) => b.type === type);
}

/** An MPEG-4 descriptor (ISO 14496-1): tag, then a length of 1-4 bytes of 7 bits each. */
function descriptor(buf: Buffer, at: number, end: number): { tag: number; body: number; end: number } | undefined {
  if (at + 2 > end) return undefined;
  const tag = buf[at]!;
  let len = 0;
  let p = at + 1;
  for (let i = 0; i < 4 && p < end; i++) {
    const b = buf[p++]!;
    len = (len << 7) | (b & 0x7f);
    if (!(b & 0x80)) break;
  }
  return p + len > end ? undefined : { tag, body: p, end: p + len };
}

/** The AudioSpecificConfig inside an esds box (ES_Descriptor → DecoderConfig → DecoderSpecificInfo). */
export function readEsdsConfig(buf: Buffer, esds: Box): Buffer | undefined {
  const es = descriptor(buf, esds.body + 4, esds.end);
  if (es?.tag !== 3) return undefined;
  const flags = buf[es.body + 2]!;
  let p = es.body + 3;
  if (flags & 0x80) p += 2; // dependsOn_ES_ID
  if (flags & 0x40) p += 1 + buf[p]!; // URL
  if (flags & 0x20) p += 2; // OCR_ES_Id
  const dc = descriptor(buf, p, es.end);
  if (dc?.tag !== 4) return undefined;
  // objectTypeIndication (1), streamType (1), bufferSize (3), maxBitrate (4), avgBitrate (4).
  const dsi = descriptor(buf, dc.body + 13, dc.end);
  return dsi?.tag === 5 ? buf.subarray(dsi.body, dsi.end) : undefined;
}

/** The first sound track of an init segment; undefined when the stream has no sound. */
export function readAudioInfo(init: Buffer): AudioInfo | undefined {
  const moov = readBoxes(init).find((b) => b.type === 'moov');
  if (!moov) return undefined;
  const tracks = readTracks(init, moov);
  for (const trak of readBoxes(init, moov.body, moov.end).filter((b) => b.type === 'trak')) {
    const tkhd = find(init, trak, 'tkhd');
    if (!tkhd) continue;
    const trackId = init.readUInt32BE(tkhd.body + (init[tkhd.body] === 1 ? 20 : 12));
    const track = tracks.get(trackId);
    if (track?.handler !== 'soun') continue;
    const stbl = find(init, find(init, find(init, trak, 'mdia'), 'minf'), 'stbl');
    const stsd = find(init, stbl, 'stsd');
    // stsd: version/flags (4) and entry_count (4), then the sample entries.
    const entry = stsd ? readBoxes(init, stsd.body + 8, stsd.end)[0] : undefined;
    if (!entry || entry.body + 28 > entry.end) continue;
    // AudioSampleEntry: reserved (6), data_reference_index (2), reserved (8), channelcount (2),
    // samplesize (2), pre_defined (2), reserved (2), samplerate (16.16), then its boxes.
    const info: AudioInfo = {
      codec: entry.type === 'mp4a' ? 'aac' : entry.type.trim().toLowerCase(),
      trackId,
      timescale: track.timescale,
      channels: init.readUInt16BE(entry.body + 16),
      sampleRate: init.readUInt32BE(entry.body + 24) >>> 16,
    };
    const esds = entry.type === 'mp4a' ? find(init, entry, 'esds', 28) : undefined;
    const config = esds && readEsdsConfig(init, esds);
    if (config && config.length >= 2) {
      info.config = config;
      info.objectType = config[0]! >> 3;
      const rate = AAC_RATES[((config[0]! & 0x07) << 1) | (config[1]! >> 7)];
      if (rate) info.sampleRate = rate;
      info.channels = (config[1]! >> 3) & 0x0f || info.channels;
    }
    return info;
  }
  return undefined;
}

/** The RFC 6381 codec of a sound track for MSE: `mp4a.40.2` for AAC-LC, `opus`; undefined otherwise. */
export function mseAudioCodec(info: AudioInfo | undefined): string | undefined {
  if (!info) return undefined;
  if (info.codec === 'aac') return `mp4a.40.${info.objectType ?? 2}`;
  if (info.codec === 'opus') return 'opus';
  return undefined;
}

/**
 * The 7-byte ADTS header in front of one raw AAC frame (an mp4 sample), so a decoder reading a
 * plain byte stream (ffmpeg's `-f aac` on a pipe) finds each frame and its format.
 */
export function adtsHeader(config: Buffer, frameBytes: number): Buffer {
  const profile = (config[0]! >> 3) - 1;
  const rateIndex = ((config[0]! & 0x07) << 1) | (config[1]! >> 7);
  const channels = (config[1]! >> 3) & 0x0f;
  const len = frameBytes + 7;
  return Buffer.from([
    0xff,
    0xf1, // MPEG-4, layer 0, no CRC
    ((profile & 0x03) << 6) | (rateIndex << 2) | (channels >> 2),
    ((channels & 0x03) << 6) | (len >> 11),
    (len >> 3) & 0xff,
    ((len & 0x07) << 5) | 0x1f,
    0xfc,
  ]);
}
