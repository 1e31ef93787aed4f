import { type FileHandle, open } from 'node:fs/promises';
import { type Mp4Summary, summarizeFragmentedMp4 } from './mp4-fragments.ts';

/**
 * A finished segment file's summary (init, duration, fragments) read from its boxes without its
 * media. The index needs the init and each fragment's moof; the mdat boxes are the picture, nearly
 * all of the bytes (a 4 Mb/s camera's 10 s segment is 5 MB), and reading them meant a buffer of the
 * whole file per camera per segment — every camera at once, as the cuts are clock-aligned. Each
 * box but mdat is read whole; an mdat only by its header (whether it is complete), and the boxes
 * are summarised as summarizeFragmentedMp4 summarises the whole file, with the same answer.
 */
export interface SegmentSummary extends Mp4Summary {
  /** The file's ftyp+moov (the codec is read from it). */
  init: Buffer;
  /** The file's size when it was read. */
  bytes: number;
  mtime: Date;
}

/** Files up to this size are read whole: one read costs less than one per fragment. */
export const WHOLE_FILE_BYTES = 256 * 1024;
/** Bytes read at a box's start: its header, a whole moof and the header of the mdat after it. */
const READ_AHEAD = 16 * 1024;
/** A box other than mdat bigger than this is no segment's ffmpeg wrote: the whole file is read. */
const MAX_HEADER_BOX = 4 * 1024 * 1024;
const MOOV = 0x6d6f6f76;
const MDAT = 0x6d646174;
/** An empty mdat stands for each complete one, so the moof before it counts as a fragment. */
const EMPTY_MDAT = Buffer.from([0, 0, 0, 8, 0x6d, 0x64, 0x61, 0x74]);

/** Reads `file`'s summary; undefined when it cannot be opened. */
export async function readSegmentSummary(
  file: string,
  wholeFileBytes = WHOLE_FILE_BYTES,
): Promise<SegmentSummary | undefined> {
  const fh = await open(file, 'r').catch(() => undefined);
  if (!fh) return undefined;
  try {
    const { size, mtime } = await fh.stat();
    const skeleton = size > wholeFileBytes ? await boxesWithoutMedia(fh, size) : undefined;
    const buf = skeleton?.buf ?? (await readAt(fh, 0, size));
    const summary = summarizeFragmentedMp4(buf);
    // The init is where the file's moov ends (the skeleton's offsets are the file's up to it).
    const initBytes = skeleton ? skeleton.initBytes : summary.initBytes;
    return { ...summary, initBytes, init: buf.subarray(0, summary.initBytes), bytes: size, mtime };
  } catch {
    return undefined;
  } finally {
    await fh.close().catch(() => undefined);
  }
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const { bytesRead } = await fh.read(buf, got, length - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return got === length ? buf : buf.subarray(0, got);
}

/**
 * The file's top-level boxes with every complete mdat replaced by an empty one, up to the first
 * incomplete box (as walkBoxes stops); undefined (read the whole file) when a box other than mdat
 * is implausibly big.
 */
async function boxesWithoutMedia(
  fh: FileHandle,
  size: number,
): Promise<{ buf: Buffer; initBytes: number } | undefined> {
  const parts: Buffer[] = [];
  let initBytes = 0;
  // A window of the file: most boxes and the header after them are read in one go.
  let win: Buffer = Buffer.alloc(0);
  let winAt = 0;
  const bytesAt = async (at: number, n: number): Promise<Buffer> => {
    if (at < winAt || at + n > winAt + win.length) {
      win = await readAt(fh, at, Math.min(Math.max(n, READ_AHEAD), size - at));
      winAt = at;
    }
    return win.subarray(at - winAt, at - winAt + n);
  };
  let at = 0;
  while (at + 8 <= size) {
    const head = await bytesAt(at, Math.min(16, size - at));
    if (head.length < 8) break;
    let boxSize = head.readUInt32BE(0);
    let headerBytes = 8;
    if (boxSize === 1) {
      if (head.length < 16) break;
      boxSize = Number(head.readBigUInt64BE(8));
      headerBytes = 16;
    } else if (boxSize === 0) {
      boxSize = size - at; // "extends to the end of the file"
    }
    if (boxSize < headerBytes || at + boxSize > size) break;
    const type = head.readUInt32BE(4);
    if (type === MDAT) {
      parts.push(EMPTY_MDAT);
    } else {
      if (boxSize > MAX_HEADER_BOX) return undefined;
      const box = await bytesAt(at, boxSize);
      if (box.length < boxSize) break;
      // A copy: the window is read over by the next box.
      parts.push(Buffer.from(box));
      if (type === MOOV && !initBytes) initBytes = at + boxSize;
    }
    at += boxSize;
  }
  return { buf: Buffer.concat(parts), initBytes };
}
