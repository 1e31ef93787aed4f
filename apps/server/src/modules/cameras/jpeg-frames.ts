/**
 * Finds whole JPEG pictures in a byte stream, whatever wraps them (multipart parts with their
 * boundary and headers, or JPEGs back to back): what makes an MJPEG camera one, since cameras
 * label the stream multipart/x-mixed-replace, application/octet-stream or anything else. The
 * picture is walked marker by marker, so a thumbnail inside its EXIF block is not taken for a
 * frame of its own; its size comes from the SOF marker.
 */
export interface JpegFrame {
  width: number;
  height: number;
}

const SOI = Buffer.from([0xff, 0xd8, 0xff]);
/** Start-of-frame markers that carry the picture's size (not DHT C4, JPG C8, DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Past this without a whole picture, it is not an MJPEG stream. */
const MAX_PENDING = 4 * 1024 * 1024;

type Walk = { frame: JpegFrame | null; end: number } | 'more' | 'broken';

/** Reads one picture starting at buf[at] (its SOI): its size, and where it ends (after EOI). */
function walk(buf: Buffer, at: number): Walk {
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

/** Feed it the stream's chunks; it answers each with the pictures completed in it. */
export class JpegFrameScanner {
  private pending: Buffer = Buffer.alloc(0);
  /** True once it has seen more than MAX_PENDING bytes with no whole picture in them. */
  overflowed = false;

  push(chunk: Buffer): JpegFrame[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const frames: JpegFrame[] = [];
    for (;;) {
      const at = this.pending.indexOf(SOI);
      if (at < 0) {
        // Keep the last two bytes: a marker may be cut between chunks.
        this.pending = this.pending.subarray(Math.max(0, this.pending.length - 2));
        return frames;
      }
      const w = walk(this.pending, at);
      if (w === 'more') {
        this.pending = this.pending.subarray(at);
        if (this.pending.length > MAX_PENDING) {
          this.overflowed = true;
          this.pending = Buffer.alloc(0);
        }
        return frames;
      }
      if (w === 'broken') {
        this.pending = this.pending.subarray(at + 2);
        continue;
      }
      if (w.frame) frames.push(w.frame);
      this.pending = this.pending.subarray(w.end);
    }
  }
}
