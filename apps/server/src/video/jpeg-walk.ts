/*
 * Walks one JPEG marker by marker from its SOI: where it ends (after EOI) and its size from the SOF
 * marker. Marker by marker, so a thumbnail inside its EXIF block is not taken for its end. Pure.
 */

export interface JpegFrame {
  width: number;
  height: number;
}

/** Start-of-frame markers that carry the picture's size (not DHT C4, JPG C8, DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export type JpegWalk = { frame: JpegFrame | null; end: number } | 'more' | 'broken';

/** Reads one picture starting at buf[at] (its SOI): its size, and where it ends (after EOI). */
export function walkJpeg(buf: Buffer, at: number): JpegWalk {
  let p = at + 2;
  let frame: JpegFrame | null = null;
  for (;;) {
    if (p + 4 > buf.length) return 'more';
    if (buf[p] !== 0xff) return 'broken';
    const marker = buf[p + 1]!;
    if (marker === 0xff) {
      p += 1; // fill byte
      continue;
    }
    const length = buf.readUInt16BE(p + 2);
    if (length < 2) return 'broken';
    if (SOF.has(marker)) {
      if (p + 9 > buf.length) return 'more';
      frame = { height: buf.readUInt16BE(p + 5), width: buf.readUInt16BE(p + 7) };
    }
    p += 2 + length;
    if (marker !== 0xda) continue;
    // Entropy-coded data after SOS: FF is followed by 00 (a stuffed byte) or a restart marker, until EOI.
    for (; p + 1 < buf.length; p++) {
      if (buf[p] !== 0xff) continue;
      const next = buf[p + 1]!;
      if (next === 0xd9) return { frame, end: p + 2 };
      if (next !== 0x00 && (next < 0xd0 || next > 0xd7) && next !== 0xff) return 'broken';
    }
    return 'more';
  }
}
