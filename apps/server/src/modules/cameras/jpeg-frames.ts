import { type JpegFrame, walkJpeg } from '../../video/jpeg-walk.ts';

export type { JpegFrame };

const SOI = Buffer.from([0xff, 0xd8, 0xff]);
/** Past this without a whole picture, it is not an MJPEG stream. */
const MAX_PENDING = 4 * 1024 * 1024;

/**
 * Finds whole JPEG pictures in a byte stream, whatever wraps them (multipart parts with their
 * boundary and headers, or JPEGs back to back): what makes an MJPEG camera one, since cameras
 * label the stream multipart/x-mixed-replace, application/octet-stream or anything else. The
 * picture is walked marker by marker, so a thumbnail inside its EXIF block is not taken for a
 * frame of its own; its size comes from the SOF marker.
 *
 * Feed it the stream's chunks; it answers each with the pictures completed in it.
 */
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
      const w = walkJpeg(this.pending, at);
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
