/**
 * Just enough ISO-BMFF (MP4) parsing for fragmented MP4 as ffmpeg writes it, starting here: split a
 * byte stream into boxes and find a box's children. What the boxes say is read beside this file:
 * the init (ftyp+moov: its tracks) in mp4-init.ts, the fragments (moof: durations, keyframes) in
 * mp4-fragments.ts, a fragment's samples in mp4-samples.ts. Reading the boxes costs microseconds
 * where ffprobe costs a process.
 */
export interface Box {
  type: string;
  /** Offset of the box header in the buffer it was read from. */
  start: number;
  /** Offset of the payload (after size/type/largesize). */
  body: number;
  end: number;
}

/**
 * Walks the boxes laid one after another in buf[from, to), handing each one's type (as a big-endian
 * integer: no string per box), start, payload offset and end to `fn`; stops at the first
 * incomplete one and returns its offset (`to` when every byte was a whole box).
 */
export function walkBoxes(
  buf: Buffer,
  from: number,
  to: number,
  fn: (type: number, start: number, body: number, end: number) => void,
): number {
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = Number(buf.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) {
      size = to - at; // "extends to the end of the file"
    }
    if (size < body - at || at + size > to) break;
    fn(buf.readUInt32BE(at + 4), at, body, at + size);
    at += size;
  }
  return at;
}

/** Boxes laid one after another in buf[from, to); stops at the first incomplete one. */
export function readBoxes(buf: Buffer, from = 0, to = buf.length): Box[] {
  const boxes: Box[] = [];
  walkBoxes(buf, from, to, (_type, start, body, end) =>
    boxes.push({ type: buf.toString('latin1', start + 4, start + 8), start, body, end }),
  );
  return boxes;
}

/** The first child box of this type (its payload read from `skip` bytes in). */
export function child(buf: Buffer, parent: Box, type: string, skip = 0): Box | undefined {
  return readBoxes(buf, parent.body + skip, parent.end).find((b) => b.type === type);
}

/** Every child box of this type. */
export function children(buf: Buffer, parent: Box, type: string): Box[] {
  return readBoxes(buf, parent.body, parent.end).filter((b) => b.type === type);
}

/** A child of a parent that may itself be missing. */
export const maybeChild = (buf: Buffer, parent: Box | undefined, type: string) =>
  parent ? child(buf, parent, type) : undefined;
