/**
 * Opus packets as an Ogg stream (RFC 7845), one packet a page: how the browser's microphone reaches
 * ffmpeg on a pipe. A page per packet keeps ffmpeg's demuxer from waiting for more before it
 * decodes (each page is complete the moment it is written), so the delay is one packet.
 */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function crc(data: Buffer): number {
  let c = 0;
  for (const byte of data) c = ((c << 8) ^ CRC_TABLE[((c >>> 24) ^ byte) & 0xff]!) >>> 0;
  return c;
}

export class OggOpusWriter {
  private readonly serial = Math.floor(Math.random() * 2 ** 32) >>> 0;
  private pageNo = 0;

  /** The two header pages (identification, comments) that open the stream. */
  head(): Buffer {
    const id = Buffer.alloc(19);
    id.write('OpusHead', 0, 'latin1');
    id[8] = 1; // version
    id[9] = 1; // one channel out: a loudspeaker; a stereo packet decodes to it as well
    id.writeUInt16LE(0, 10); // pre-skip
    id.writeUInt32LE(48_000, 12); // the input's rate (information only)
    id.writeInt16LE(0, 16); // output gain
    id[18] = 0; // channel mapping family 0
    const vendor = Buffer.from('Vigil', 'latin1');
    const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
    tags.write('OpusTags', 0, 'latin1');
    tags.writeUInt32LE(vendor.length, 8);
    vendor.copy(tags, 12);
    tags.writeUInt32LE(0, 12 + vendor.length);
    return Buffer.concat([this.page(id, 0n, 0x02), this.page(tags, 0n, 0)]);
  }

  /** One Opus packet; `granule` is the 48 kHz sample count at its end. */
  packet(data: Buffer, granule: bigint): Buffer {
    return this.page(data, granule, 0);
  }

  private page(data: Buffer, granule: bigint, flags: number): Buffer {
    // Lacing: 255-byte segments, then the remainder (0 when the packet is a multiple of 255).
    const lacing: number[] = [];
    for (let left = data.length; ; left -= 255) {
      lacing.push(Math.min(left, 255));
      if (left < 255) break;
    }
    const header = Buffer.alloc(27 + lacing.length);
    header.write('OggS', 0, 'latin1');
    header[4] = 0; // version
    header[5] = flags;
    header.writeBigInt64LE(granule, 6);
    header.writeUInt32LE(this.serial, 14);
    header.writeUInt32LE(this.pageNo++, 18);
    header.writeUInt32LE(0, 22); // checksum, filled in below
    header[26] = lacing.length;
    Buffer.from(lacing).copy(header, 27);
    const page = Buffer.concat([header, data]);
    page.writeUInt32LE(crc(page), 22);
    return page;
  }
}
