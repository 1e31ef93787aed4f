import { readBoxes } from './mp4-boxes.ts';
import { videoSampleEntry } from './mp4-init.ts';

/**
 * What a video stream is, read from its init segment's parameter sets (the avcC or hvcC box of
 * the video sample entry): the MSE/RFC 6381 codec string a browser is asked about, and the
 * profile and level said to people ("H.265 Main, level 3.1"). Pure.
 */
export interface VideoCodec {
  /** 'h264' | 'hevc' (ffprobe's names), or the sample entry's type for anything else. */
  name: string;
  /** RFC 6381 string for `MediaSource.isTypeSupported`: `avc1.64001F`, `hvc1.1.6.L93.B0`. */
  codecString: string;
  /** The profile's name (Main, High, Main 10…), or its number when unknown. */
  profile: string | null;
  /** The level as written in the standards: "3.1", "4". */
  level: string | null;
}

/** VisualSampleEntry fields before its child boxes (ISO 14496-12 §12.1.3). */
const VISUAL_ENTRY_BYTES = 78;

const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

const AVC_PROFILES: Record<number, string> = {
  66: 'Baseline',
  77: 'Main',
  88: 'Extended',
  100: 'High',
  110: 'High 10',
  122: 'High 4:2:2',
  244: 'High 4:4:4',
};
const HEVC_PROFILES: Record<number, string> = {
  1: 'Main',
  2: 'Main 10',
  3: 'Main Still Picture',
  4: 'Range Extensions',
};

/** The codec string of an avcC body: `avc1.PPCCLL` (profile, compatibility, level bytes). */
export function avcCodec(entryType: string, avcC: Buffer): VideoCodec | undefined {
  if (avcC.length < 4) return undefined;
  const [, profile, compat, level] = avcC as unknown as number[];
  // constraint_set1 on Baseline is Constrained Baseline, what most browsers' encoders make.
  const name = profile === 66 && compat! & 0x40 ? 'Constrained Baseline' : AVC_PROFILES[profile!];
  return {
    name: 'h264',
    codecString: `${entryType}.${hex2(profile!)}${hex2(compat!)}${hex2(level!)}`,
    profile: name ?? String(profile),
    level: String(level! / 10),
  };
}

/** Reverses the bits of a 32-bit word (hvcC's compatibility flags are written in that order). */
function reverse32(n: number): number {
  let r = 0;
  for (let i = 0; i < 32; i++) r = (r << 1) | ((n >>> i) & 1);
  return r >>> 0;
}

/**
 * The codec string of an hvcC body (ISO 14496-15 Annex E.3): `hev1.` or `hvc1.`, the profile
 * space (A, B, C or nothing) and profile idc, the compatibility flags bit-reversed in hex, the
 * tier (L/H) and level idc, then the six constraint bytes in hex with trailing zero bytes left out.
 */
export function hevcCodec(entryType: string, hvcC: Buffer): VideoCodec | undefined {
  if (hvcC.length < 13) return undefined;
  const space = hvcC[1]! >> 6;
  const tier = (hvcC[1]! >> 5) & 1;
  const profile = hvcC[1]! & 0x1f;
  const compat = reverse32(hvcC.readUInt32BE(2));
  const constraints = [...hvcC.subarray(6, 12)];
  while (constraints.length && constraints[constraints.length - 1] === 0) constraints.pop();
  const level = hvcC[12]!;
  const parts = [
    `${['', 'A', 'B', 'C'][space]}${profile}`,
    compat.toString(16).toUpperCase(),
    `${tier ? 'H' : 'L'}${level}`,
    ...constraints.map((b) => b.toString(16).toUpperCase()),
  ];
  return {
    name: 'hevc',
    codecString: `${entryType}.${parts.join('.')}`,
    profile: HEVC_PROFILES[profile] ?? String(profile),
    // general_level_idc is 30 × the level (93 → 3.1).
    level: String(Math.round(level / 3) / 10),
  };
}

/** The codec of an init segment's first video track; undefined without one. */
export function readVideoCodec(init: Buffer): VideoCodec | undefined {
  const found = videoSampleEntry(init);
  if (!found) return undefined;
  const { entry } = found;
  const configs = readBoxes(init, entry.body + VISUAL_ENTRY_BYTES, entry.end);
  for (const box of configs) {
    const body = init.subarray(box.body, box.end);
    if (box.type === 'avcC') return avcCodec(entry.type, body);
    if (box.type === 'hvcC') return hevcCodec(entry.type, body);
  }
  return { name: entry.type.trim(), codecString: entry.type.trim(), profile: null, level: null };
}
