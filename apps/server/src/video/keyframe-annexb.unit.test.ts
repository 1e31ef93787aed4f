import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keyframeAnnexB, keyframeFormat } from './keyframe-annexb.ts';
import { readBoxes } from './mp4-boxes.ts';
import { readTracks, trackOf } from './mp4-init.ts';
import { readSamples } from './mp4-samples.ts';

/** Real ffmpeg output with the live feed's flags (160x90 testsrc2, H.264), and an H.265 init. */
const live = readFileSync(new URL('./fixtures/live-sample.mp4', import.meta.url));
const h265Init = readFileSync(new URL('./fixtures/h265-init.mp4', import.meta.url));
const START = Buffer.from([0, 0, 0, 1]);

/** The NAL unit headers of an Annex B stream, in order. */
function nalTypes(annexB: Buffer, codec: 'h264' | 'hevc'): number[] {
  const types: number[] = [];
  for (let i = annexB.indexOf(START); i >= 0; i = annexB.indexOf(START, i + 4)) {
    const h = annexB[i + 4]!;
    types.push(codec === 'h264' ? h & 0x1f : (h >> 1) & 0x3f);
  }
  return types;
}

describe('keyframes as Annex B for the shared decoder', () => {
  const boxes = readBoxes(live);
  const moov = boxes.find((b) => b.type === 'moov')!;
  const init = live.subarray(0, moov.end);
  const tracks = readTracks(live, moov);
  const firstKeyframe = () => {
    for (let i = 0; i < boxes.length - 1; i++) {
      if (boxes[i]!.type !== 'moof') continue;
      const [s] = readSamples(live.subarray(boxes[i]!.start, boxes[i + 1]!.end), tracks, trackOf(tracks)).samples;
      if (s?.keyframe) return s.data;
    }
    throw new Error('no keyframe in the fixture');
  };

  it('reads the codec, the picture size and the parameter sets of an H.264 init', () => {
    const f = keyframeFormat(init)!;
    expect(f).toMatchObject({ codec: 'h264', size: '160x90', lengthSize: 4 });
    expect(nalTypes(f.params, 'h264')).toEqual([7, 8]); // SPS, PPS
  });

  it('reads the VPS, SPS and PPS of an H.265 init', () => {
    const f = keyframeFormat(h265Init)!;
    expect(f.codec).toBe('hevc');
    expect(f.size).toMatch(/^\d+x\d+$/);
    expect(nalTypes(f.params, 'hevc')).toEqual([32, 33, 34]);
  });

  it('a keyframe: its parameter sets in front, its NAL units with start codes, one delimiter after', () => {
    const f = keyframeFormat(init)!;
    const out = keyframeAnnexB(firstKeyframe(), f)!;
    expect(out.subarray(0, f.params.length).equals(f.params)).toBe(true);
    const types = nalTypes(out, 'h264');
    expect(types).toContain(5); // the IDR slice
    expect(types.at(-1)).toBe(9);
    expect(types.filter((t) => t === 9)).toHaveLength(1);
  });

  it('drops the sample’s own delimiter (it would open a new access unit after the parameter sets)', () => {
    const f = keyframeFormat(init)!;
    const nal = (bytes: number[]) => {
      const b = Buffer.alloc(4 + bytes.length);
      b.writeUInt32BE(bytes.length);
      Buffer.from(bytes).copy(b, 4);
      return b;
    };
    const sample = Buffer.concat([nal([0x09, 0xf0]), nal([0x65, 0x88, 0x84, 0x00])]);
    const out = keyframeAnnexB(sample, f)!;
    expect(nalTypes(out, 'h264')).toEqual([7, 8, 5, 9]);
    expect(keyframeAnnexB(Buffer.alloc(0), f)).toBeUndefined();
  });
});
