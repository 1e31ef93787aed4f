import { describe, expect, it } from 'vitest';
import { frameNals, packetizeNals, readAvcConfig } from './h264-rtp.ts';
import {
  liveSampleFragments as fragments,
  liveSampleInit as init,
  liveSampleTracks as tracks,
} from './fixtures/live-sample.ts';
import { readSamples } from './mp4-samples.ts';

const nalType = (n: Buffer) => n[0]! & 0x1f;

/** The receiver's side of RFC 6184 for single NAL and FU-A packets. */
function depacketize(payloads: Buffer[]): Buffer[] {
  const nals: Buffer[] = [];
  let fu: Buffer[] = [];
  for (const p of payloads) {
    if (nalType(p) !== 28) {
      nals.push(p);
      continue;
    }
    if (p[1]! & 0x80) fu = [Buffer.from([(p[0]! & 0xe0) | (p[1]! & 0x1f)])];
    fu.push(p.subarray(2));
    if (p[1]! & 0x40) nals.push(Buffer.concat(fu));
  }
  return nals;
}

describe('H.264 RTP packetizer', () => {
  const config = readAvcConfig(init)!;
  it('reads SPS and PPS from the avcC', () => {
    expect(config.lengthSize).toBe(4);
    expect(config.sps.map(nalType)).toEqual([7]);
    expect(config.pps.map(nalType)).toEqual([8]);
  });
  it('puts SPS/PPS before a keyframe that lacks them, not before other frames', () => {
    const idr = Buffer.from([0, 0, 0, 3, 0x65, 1, 2]);
    expect(frameNals(idr, config, true).map(nalType)).toEqual([7, 8, 5]);
    const p = Buffer.from([0, 0, 0, 2, 0x41, 9, 0, 0, 0, 2, 0x09, 0x10]);
    // …and drops the access-unit delimiter.
    expect(frameNals(p, config, false).map(nalType)).toEqual([1]);
  });
  it('sends small NAL units whole and splits big ones into FU-A that reassemble exactly', () => {
    for (const f of fragments) {
      for (const s of readSamples(f, tracks).samples) {
        const nals = frameNals(s.data, config, s.keyframe);
        const payloads = packetizeNals(nals, 300);
        expect(payloads.every((p) => p.length <= 300)).toBe(true);
        expect(depacketize(payloads)).toEqual(nals);
      }
    }
  });
  it('marks the start and end fragments of a split NAL unit', () => {
    const nal = Buffer.concat([Buffer.from([0x65]), Buffer.alloc(2500, 7)]);
    const payloads = packetizeNals([nal], 1200);
    expect(payloads).toHaveLength(3);
    expect(payloads.map((p) => p[1]! & 0xc0)).toEqual([0x80, 0, 0x40]);
    expect(payloads.every((p) => nalType(p) === 28 && (p[1]! & 0x1f) === 5)).toBe(true);
  });
});
