import { afterAll, describe, expect, it } from 'vitest';
import { KeyframeDecoders } from './keyframe-decoder.ts';
import { ffmpegTools } from './ffmpeg-binaries.ts';
import { liveSampleFormat, liveSampleKeyframes } from './fixtures/live-sample.ts';
import { MOTION_FRAME } from './motion-detector.ts';

/** The recorder's shared keyframe decoder, a real ffmpeg, on the live feed fixture's keyframes. */
const format = liveSampleFormat;
const keyframes = liveSampleKeyframes;
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
