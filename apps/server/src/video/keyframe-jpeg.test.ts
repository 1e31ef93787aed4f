import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegTools } from './ffmpeg-binaries.ts';
import { liveSampleFormat, liveSampleKeyframes } from './fixtures/live-sample.ts';
import { walkJpeg } from './jpeg-walk.ts';
import { KeyframeJpegs } from './keyframe-jpeg.ts';

/** The recorder's keyframe JPEG encoder, a real ffmpeg, on the live feed fixture's keyframes. */
const format = liveSampleFormat;
const keyframes = liveSampleKeyframes;
const logs: string[] = [];
const jpegs = new KeyframeJpegs(
  () => ffmpegTools().ffmpeg.path,
  (m) => logs.push(m),
  320,
);
afterAll(() => jpegs.stop());

describe('keyframe JPEG encoder', () => {
  it('answers each keyframe with one whole JPEG of the asked width, in order, at once', async () => {
    expect(keyframes.length).toBeGreaterThanOrEqual(2);
    const [w, h] = format.size.split('x').map(Number) as [number, number];
    const out = await Promise.all(keyframes.map((k) => jpegs.encode(format.codec, format.size, k)));
    for (const jpeg of out) {
      const walk = walkJpeg(jpeg!, 0);
      expect(walk).toMatchObject({
        end: jpeg!.length,
        frame: { width: 320, height: Math.round((h * 320) / w / 2) * 2 },
      });
      // A picture, not a flat field: testsrc2 is colourful, so it takes some kilobytes.
      expect(jpeg!.length).toBeGreaterThan(3000);
    }
    // Once started, a keyframe is answered in milliseconds, not held for the next one.
    const t = performance.now();
    expect(await jpegs.encode(format.codec, format.size, keyframes[0]!)).toEqual(out[0]);
    expect(performance.now() - t).toBeLessThan(1000);
    expect(jpegs.encoded).toBe(keyframes.length + 1);
    expect(logs).toEqual([]);
  });

  it('something that is not a picture gets no answer and does not stop the next one', async () => {
    const junk = Buffer.concat([format.params, Buffer.from([0, 0, 0, 1, 0x65, 1, 2, 3, 0, 0, 0, 1, 9, 0xf0])]);
    expect(await jpegs.encode(format.codec, format.size, junk)).toBeUndefined();
    const next = await jpegs.encode(format.codec, format.size, keyframes[1]!);
    expect(next?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  }, 20_000);
});
