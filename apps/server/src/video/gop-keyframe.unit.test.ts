import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gopKeyframe } from './gop-keyframe.ts';
import { keyframeAnnexB, keyframeFormat } from './keyframe-annexb.ts';
import { readBoxes } from './mp4-boxes.ts';
import { readTracks, trackOf } from './mp4-init.ts';
import { readSamples } from './mp4-samples.ts';

/** The live feed fixture: an init, then one fragment per frame from a keyframe. */
const live = readFileSync(new URL('./fixtures/live-sample.mp4', import.meta.url));

describe('gopKeyframe', () => {
  it('is the first fragment’s keyframe as Annex B, with the codec and size of the init', () => {
    const boxes = readBoxes(live);
    const moov = boxes.find((b) => b.type === 'moov')!;
    const format = keyframeFormat(live.subarray(0, moov.end))!;
    const tracks = readTracks(live, moov);
    const first = boxes.findIndex((b) => b.type === 'moof');
    const [sample] = readSamples(
      live.subarray(boxes[first]!.start, boxes[first + 1]!.end),
      tracks,
      trackOf(tracks),
    ).samples;
    expect(sample?.keyframe).toBe(true);
    expect(gopKeyframe(live)).toEqual({
      codec: format.codec,
      size: format.size,
      annexB: keyframeAnnexB(sample!.data, format),
    });
  });

  it('skips the fragments of sound kept before the keyframe', () => {
    // This fixture's first fragment is sound, its second the keyframe.
    const sound = readFileSync(new URL('./fixtures/live-sound-sample.mp4', import.meta.url));
    expect(
      readBoxes(sound)
        .map((b) => b.type)
        .slice(0, 4),
    ).toEqual(['ftyp', 'moov', 'moof', 'mdat']);
    const k = gopKeyframe(sound);
    expect(k).toMatchObject({ codec: 'h264', size: '160x90' });
    expect(k!.annexB.subarray(0, 4)).toEqual(Buffer.from([0, 0, 0, 1]));
  });

  it('nothing without an init, or when the fragments start with no keyframe', () => {
    const boxes = readBoxes(live);
    const moov = boxes.find((b) => b.type === 'moov')!;
    expect(gopKeyframe(live.subarray(moov.end))).toBeUndefined();
    // The init, then the second frame onwards (a frame that is not a keyframe first).
    const moofs = boxes.filter((b) => b.type === 'moof');
    expect(gopKeyframe(Buffer.concat([live.subarray(0, moov.end), live.subarray(moofs[1]!.start)]))).toBeUndefined();
  });
});
