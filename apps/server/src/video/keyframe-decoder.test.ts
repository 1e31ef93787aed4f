import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { keyframeAnnexB, keyframeFormat } from './keyframe-annexb.ts';
import { KeyframeDecoders } from './keyframe-decoder.ts';
import { ffmpegTools } from './ffmpeg-binaries.ts';
import { readBoxes } from './mp4-boxes.ts';
import { readTracks, trackOf } from './mp4-init.ts';
import { MOTION_FRAME } from './motion-detector.ts';
import { readSamples } from './mp4-samples.ts';

/** The recorder's shared keyframe decoder, a real ffmpeg, on the live feed fixture's keyframes. */
const live = readFileSync(new URL('./fixtures/live-sample.mp4', import.meta.url));
const boxes = readBoxes(live);
const moov = boxes.find((b) => b.type === 'moov')!;
const format = keyframeFormat(live.subarray(0, moov.end))!;
const tracks = readTracks(live, moov);
const keyframes = boxes.flatMap((b, i) => {
  if (b.type !== 'moof') return [];
  const [s] = readSamples(live.subarray(b.start, boxes[i + 1]!.end), tracks, trackOf(tracks)).samples;
  return s?.keyframe ? [keyframeAnnexB(s.data, format)!] : [];
});
const logs: string[] = [];
const decoders = new KeyframeDecoders(
  () => ffmpegTools().ffmpeg.path,
  (m) => logs.push(m),
);
afterAll(() => decoders.stop());

describe('shared keyframe decoder', () => {
  it('answers each keyframe with one motion frame, at once, in order', async () => {
    expect(keyframes.length).toBeGreaterThanOrEqual(2);
    const frames = await Promise.all(keyframes.map((k) => decoders.decode(format.codec, format.size, k)));
    for (const f of frames) {
      expect(f).toHaveLength(MOTION_FRAME.width * MOTION_FRAME.height);
      // testsrc2 is colourful: a gray picture that is not black.
      expect(f!.reduce((a, v) => a + v, 0) / f!.length).toBeGreaterThan(20);
    }
    // Once started, a keyframe is answered within a frame or two, not held for the next.
    const t = performance.now();
    await decoders.decode(format.codec, format.size, keyframes[0]!);
    expect(performance.now() - t).toBeLessThan(1000);
    expect(decoders.decoded).toBe(keyframes.length + 1);
    expect(logs).toEqual([]);
  });

  it('something that is not a picture gets no answer and does not stop the next one', async () => {
    const junk = Buffer.concat([format.params, Buffer.from([0, 0, 0, 1, 0x65, 1, 2, 3, 0, 0, 0, 1, 9, 0xf0])]);
    expect(await decoders.decode(format.codec, format.size, junk)).toBeUndefined();
    expect(await decoders.decode(format.codec, format.size, keyframes[1]!)).toHaveLength(
      MOTION_FRAME.width * MOTION_FRAME.height,
    );
  }, 20_000);

  it('stop answers what waits with nothing', async () => {
    const own = new KeyframeDecoders(
      () => ffmpegTools().ffmpeg.path,
      () => undefined,
    );
    const pending = own.decode(format.codec, format.size, keyframes[0]!);
    own.stop();
    expect(await pending).toBeUndefined();
  });
});
