import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { frameNals, packetizeNals, readAvcConfig, splitNals } from './h264-rtp.ts';
import { initSize, readBoxes, readSamples, readTracks } from './mp4-boxes.ts';

/** Real ffmpeg output: 3 s of testsrc2 at 10 fps, a keyframe each second (see live-feed.unit.test.ts). */
const file = readFileSync(new URL('./fixtures/live-sample.mp4', import.meta.url));
const init = file.subarray(0, initSize(file));
const boxes = readBoxes(file);
const tracks = readTracks(file, boxes.find((b) => b.type === 'moov')!);
const fragments = boxes.flatMap((b, i) =>
  b.type === 'moof' && boxes[i + 1]?.type === 'mdat' ? [file.subarray(b.start, boxes[i + 1]!.end)] : [],
);
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

describe('fMP4 samples', () => {
  it('reads every sample with its time, size and keyframe flag', () => {
    const all = fragments.flatMap((f) => readSamples(f, tracks).samples);
    const { timescale } = readSamples(fragments[0]!, tracks);
    expect(all).toHaveLength(30);
    expect(all.map((s) => s.keyframe)).toEqual(all.map((_, i) => i % 10 === 0));
    expect(all.map((s) => s.dts)).toEqual(all.map((_, i) => (i * timescale) / 10));
    for (const s of all) {
      // Every byte of a sample is a length-prefixed NAL unit.
      const nals = splitNals(s.data);
      expect(nals.reduce((n, x) => n + 4 + x.length, 0)).toBe(s.data.length);
    }
  });
  it('returns nothing for bytes that are not a moof+mdat pair', () => {
    expect(readSamples(init, tracks).samples).toEqual([]);
  });
});

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
