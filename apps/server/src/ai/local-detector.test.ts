import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegTools } from '../video/ffmpeg-binaries.ts';
import { decodeJpegToRgb } from './decode-jpeg.ts';
import { crashWorkerForTest, createLocalDetector, type LocalDetector } from './local-detector.ts';

/**
 * The built-in detector on real pictures (Tests). The photograph is one that an npm
 * package ships: @vladmandic/human's assets/samples.jpg, whose top row holds small unretouched
 * photographs; the crop is the second one (a woman seated, 146×158 px). The test pattern is
 * ffmpeg's SMPTE colour bars. The model is loaded once for the file.
 */
const samples = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
  '..',
  'assets',
  'samples.jpg',
);

function jpeg(inputArgs: string[], filter: string): Uint8Array {
  const args = ['-v', 'error', ...inputArgs, '-vf', filter, '-frames:v', '1'];
  args.push('-f', 'image2pipe', '-c:v', 'mjpeg', '-q:v', '2', 'pipe:1');
  return new Uint8Array(execFileSync(ffmpegTools().ffmpeg.path, args, { maxBuffer: 16 * 1024 * 1024 }));
}

let detector: LocalDetector;
beforeAll(async () => {
  detector = createLocalDetector();
  await detector.ready;
}, 60_000);
afterAll(async () => {
  await detector?.close();
});

describe('the local detector', () => {
  it('finds the person in a photograph, with a box around her', async () => {
    const frame = await decodeJpegToRgb(jpeg(['-i', samples], 'crop=146:158:166:0'));
    expect([frame.width, frame.height]).toEqual([146, 158]);
    const found = await detector.detect(frame);
    const person = found.find((d) => d.label === 'person');
    expect(person?.score).toBeGreaterThanOrEqual(0.5);
    const [x1, y1, x2, y2] = person?.box ?? [0, 0, 0, 0];
    // She fills most of the picture: the box holds its centre and spans most of its height.
    expect(x1).toBeLessThan(0.5);
    expect(x2).toBeGreaterThan(0.5);
    expect(y1).toBeLessThan(0.3);
    expect(y2).toBeGreaterThan(0.8);
    expect(x2 - x1).toBeGreaterThan(0.4);
    for (const d of found) {
      expect(d.box.every((v) => v >= 0 && v <= 1)).toBe(true);
      expect(d.score).toBeGreaterThan(0);
      expect(d.score).toBeLessThanOrEqual(1);
    }
  }, 60_000);

  it('takes the JPEG itself too: the same person, the same box', async () => {
    const photo = jpeg(['-i', samples], 'crop=146:158:166:0');
    const [fromJpeg, fromRgb] = await Promise.all([
      detector.detectJpeg(photo),
      detector.detect(await decodeJpegToRgb(photo)),
    ]);
    expect(fromJpeg.find((d) => d.label === 'person')?.score).toBeGreaterThanOrEqual(0.5);
    expect(fromJpeg).toEqual(fromRgb);
    await expect(detector.detectJpeg(photo.slice(0, 300))).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(detector.detectJpeg(new Uint8Array([1, 2, 3]))).rejects.toMatchObject({ code: 'invalid-argument' });
  }, 60_000);

  it('looks only for the labels asked for, and refuses one it does not know', async () => {
    const photo = jpeg(['-i', samples], 'crop=146:158:166:0');
    const [all, people] = await Promise.all([
      detector.detectJpeg(photo),
      detector.detectJpeg(photo, { labels: ['person'] }),
    ]);
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((d) => d.label === 'person')).toBe(true);
    expect(people[0]).toEqual(all.find((d) => d.label === 'person'));
    expect(await detector.detectJpeg(photo, { labels: ['giraffe'] })).toEqual([]);
    await expect(detector.detectJpeg(photo, { labels: ['unicorn'] })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    const frame = await decodeJpegToRgb(photo);
    await expect(detector.detect(frame, { labels: [] })).rejects.toMatchObject({ code: 'invalid-argument' });
  }, 60_000);

  it('decodes a large JPEG at the model size, a grey one to RGB', async () => {
    const photo = await decodeJpegToRgb(new Uint8Array(readFileSync(samples)));
    expect([photo.width, photo.height]).toEqual([512, 463]);
    expect(photo.data.length).toBe(512 * 463 * 3);
    const grey = await decodeJpegToRgb(jpeg(['-f', 'lavfi', '-i', 'color=gray:s=320x240'], 'format=gray'));
    expect([grey.width, grey.height, grey.data.length]).toEqual([320, 240, 320 * 240 * 3]);
  });

  it('finds nothing in colour bars (and keeps a large frame in proportion)', async () => {
    const frame = await decodeJpegToRgb(jpeg(['-f', 'lavfi', '-i', 'smptebars=size=1280x720'], 'null'));
    // Scaled on decode so the longer side is the model's 512.
    expect([frame.width, frame.height]).toEqual([512, 288]);
    const found = await detector.detect(frame);
    expect(found.filter((d) => d.score >= 0.5)).toEqual([]);
  }, 60_000);

  it('takes frames one at a time, in order, from a queue', async () => {
    const bars = await decodeJpegToRgb(jpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240'], 'null'));
    const person = await decodeJpegToRgb(jpeg(['-i', samples], 'crop=146:158:166:0'));
    const results = await Promise.all([detector.detect(person), detector.detect(bars)]);
    expect(results[0]?.some((d) => d.label === 'person' && d.score >= 0.5)).toBe(true);
    expect(results[1]?.filter((d) => d.score >= 0.5)).toEqual([]);
  }, 60_000);

  it('refuses a frame whose bytes do not match its size', async () => {
    await expect(detector.detect({ data: new Uint8Array(10), width: 4, height: 4 })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(decodeJpegToRgb(new Uint8Array([1, 2, 3]))).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it('restarts a crashed worker: the frame it held fails clearly, the queued one is answered', async () => {
    const frame = await decodeJpegToRgb(jpeg(['-i', samples], 'crop=146:158:166:0'));
    crashWorkerForTest(detector);
    const lost = detector.detect(frame);
    const queued = detector.detect(frame);
    await expect(lost).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(
        /worker stopped \(exit code 3\) while analysing this frame; it has been restarted/,
      ),
    });
    const found = await queued;
    expect(found.some((d) => d.label === 'person' && d.score >= 0.5)).toBe(true);
    const memory = await detector.memory();
    expect(memory.wasmBytes).toBeGreaterThan(0);
  }, 60_000);

  it('ends a worker stuck on a frame past the time limit (deadline-exceeded)', async () => {
    const hasty = createLocalDetector({ timeoutMs: 1 });
    try {
      await hasty.ready;
      const frame = await decodeJpegToRgb(jpeg(['-i', samples], 'crop=146:158:166:0'));
      await expect(hasty.detect(frame)).rejects.toMatchObject({
        code: 'deadline-exceeded',
        message: 'the local detector took longer than 1 ms on a frame',
      });
    } finally {
      await hasty.close();
    }
  }, 60_000);

  it('close() ends the worker: waiting frames are cancelled, later ones refused', async () => {
    const other = createLocalDetector();
    const frame = { data: new Uint8Array(64 * 64 * 3), width: 64, height: 64 };
    // The model is still loading: the frame waits in the queue.
    const waiting = other.detect(frame).catch((err: unknown) => err);
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await waiting).toMatchObject({ code: 'cancelled' });
    await expect(other.detect(frame)).rejects.toMatchObject({ code: 'cancelled' });
    await expect(other.ready).rejects.toMatchObject({ code: 'cancelled' });
  });
});
