import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { generateSegments } from '../../../test/footage.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { segmentThumbnail } from '../../video/thumbnail.ts';

/** Distinct milliseconds no longer mean distinct ffmpeg runs and files. */
describe('thumbnails snap to a grid and are rate-limited', () => {
  it('any instant within one 2 s step reuses one grab and one cached file', async () => {
    const [file] = await generateSegments(path.join(inject('tmpRoot'), `thumbs-${process.pid}`), 4, 4);
    let grabs = 0;
    const count = () => {
      grabs += 1;
    };
    for (const s of [0.001, 0.25, 0.5, 1.337, 1.999])
      expect(await segmentThumbnail('ffmpeg', file!, s, count)).not.toBeNull();
    await segmentThumbnail('ffmpeg', file!, 2.4, count);
    expect(grabs).toBe(2);
    expect(readdirSync(`${file}.thumbs`).sort()).toEqual(['0.jpg', '2000.jpg']);
    expect(existsSync(`${file}.thumbs/1337.jpg`)).toBe(false);
  });

  it('a person gets a burst, then a steady trickle', () => {
    let now = 0;
    const limiter = createRateLimiter({ burst: 3, perMinute: 60, now: () => now });
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(1);
    expect(limiter.take('b')).toBe(0);
    now += 1000;
    expect(limiter.take('a')).toBe(0);
  });
});
