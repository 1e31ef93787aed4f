import { describe, expect, it } from 'vitest';
import { jpegSize } from './decode-jpeg.ts';

/** A JPEG's first bytes: SOI, an APP0 segment, then a start-of-frame of the given marker. */
function header(sof: number, width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...'JFIF\0'.split('').map((c) => c.charCodeAt(0)), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const frame = [0xff, sof, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2];
  return new Uint8Array([0xff, 0xd8, ...app0, ...frame, 0x11, 1, 3, 0x11, 1, 0, 0, 0, 0]);
}

describe('jpegSize', () => {
  it('reads the size from a baseline or a progressive frame header', () => {
    expect(jpegSize(header(0xc0, 1280, 720))).toEqual({ width: 1280, height: 720 });
    expect(jpegSize(header(0xc2, 640, 4000))).toEqual({ width: 640, height: 4000 });
  });

  it('skips segments that are not a frame header (DHT is 0xC4, not a SOF)', () => {
    const dht = [0xff, 0xc4, 0x00, 0x04, 0, 0];
    const h = header(0xc0, 320, 240);
    const withDht = new Uint8Array([...h.slice(0, 2), ...dht, ...h.slice(2)]);
    expect(jpegSize(withDht)).toEqual({ width: 320, height: 240 });
  });

  it('answers undefined for what is not a JPEG, a truncated one or a zero size', () => {
    expect(jpegSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
    expect(jpegSize(header(0xc0, 1280, 720).slice(0, 12))).toBeUndefined();
    expect(jpegSize(header(0xc0, 0, 720))).toBeUndefined();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 8, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
  });
});
