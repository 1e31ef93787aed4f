import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { initSize } from './mp4-init.ts';
import { avcCodec, hevcCodec, readVideoCodec } from './video-codec.ts';

/** fixtures/h265-init.mp4: the init ffmpeg writes copying the H.265 test camera (x265, 640x360, hev1). */
const h265Init = readFileSync(new URL('./fixtures/h265-init.mp4', import.meta.url));
/** fixtures/live-sample.mp4: ffmpeg's fMP4 of 160x90 H.264 (libx264 High). */
const h264Sample = readFileSync(new URL('./fixtures/live-sample.mp4', import.meta.url));

describe('video codec strings', () => {
  it('reads the H.265 camera’s hvcC: profile space, compatibility reversed, tier, level, constraints', () => {
    expect(readVideoCodec(h265Init)).toEqual({
      name: 'hevc',
      codecString: 'hev1.1.6.L63.90',
      profile: 'Main',
      level: '2.1',
    });
  });

  it('keeps the sample entry’s type (hvc1 when the muxer wrote hvc1)', () => {
    const hvc1 = Buffer.from(h265Init);
    hvc1.write('hvc1', hvc1.indexOf('hev1', 0, 'latin1'), 'latin1');
    expect(readVideoCodec(hvc1)?.codecString).toBe('hvc1.1.6.L63.90');
  });

  it('writes the examples of ISO 14496-15 Annex E', () => {
    // Main, compatibility 0x60000000, Main tier level 3.1, progressive+frame-only (0xB0).
    const main = Buffer.from([1, 0x01, 0x60, 0, 0, 0, 0xb0, 0, 0, 0, 0, 0, 93]);
    expect(hevcCodec('hvc1', main)?.codecString).toBe('hvc1.1.6.L93.B0');
    // Main 10, High tier level 4.1, profile space 0, compatibility 0x20000000 → 4.
    const main10 = Buffer.from([1, 0x22, 0x20, 0, 0, 0, 0xb0, 0, 0, 0, 0, 0, 123]);
    expect(hevcCodec('hev1', main10)).toMatchObject({
      codecString: 'hev1.2.4.H123.B0',
      profile: 'Main 10',
      level: '4.1',
    });
    // Profile space 1 is "A"; a constraint byte in the middle keeps the zero before it.
    const spaced = Buffer.from([1, 0x41, 0x60, 0, 0, 0, 0x90, 0, 0x08, 0, 0, 0, 120]);
    expect(hevcCodec('hvc1', spaced)?.codecString).toBe('hvc1.A1.6.L120.90.0.8');
  });

  it('keeps avc1.PPCCLL for H.264', () => {
    const codec = readVideoCodec(h264Sample.subarray(0, initSize(h264Sample)));
    expect(codec?.name).toBe('h264');
    expect(codec?.codecString).toMatch(/^avc1\.[0-9A-F]{6}$/);
    expect(avcCodec('avc1', Buffer.from([1, 0x64, 0x00, 0x1f]))).toEqual({
      name: 'h264',
      codecString: 'avc1.64001F',
      profile: 'High',
      level: '3.1',
    });
    expect(avcCodec('avc1', Buffer.from([1, 0x42, 0xc0, 0x1e]))?.profile).toBe('Constrained Baseline');
  });

  it('says nothing of what is not an init segment', () => {
    expect(readVideoCodec(Buffer.alloc(0))).toBeUndefined();
    expect(hevcCodec('hvc1', Buffer.alloc(4))).toBeUndefined();
  });
});
