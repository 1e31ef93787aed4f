import { type Box, child, children, maybeChild, readBoxes } from './mp4-boxes.ts';

/**
 * The init of a fragmented MP4 (ftyp+moov, what a player needs before any fragment): its size,
 * its tracks (timescale, handler, the defaults the fragments leave out) and its video sample entry.
 */

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
