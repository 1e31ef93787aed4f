import { type AudioInfo, readAudioInfo } from './audio-info.ts';

/**
 * The live feed's sound, put back on one continuous timeline, in place.
 *
 * RTSP packets are stamped on arrival (ffmpeg-args.ts: a camera's clock may jump), and the live
 * output cuts a fragment per frame. For copied AAC that gave fragments of sound **0 s long** (the
 * muxer knows a sample's duration only from the next one, which is not there yet) at jittery times,
 * some at the same instant. A browser's Media Source then holds the sound as islands of a few
 * hundredths of a second around each picture; a muxed buffer plays only where both tracks are, so
 * live HLS sat on "metadata, no picture" for tens of seconds on a loaded machine (measured: buffered
 * [[4.01,4.07],[5,5.07],[5.93,6.07]] while playing).
 *
 * Here each fragment of sound gets its frame's real duration (1024 samples of AAC-LC), and its
 * start follows on from the one before: arrival jitter is smoothed away (a sixteenth of the
 * difference is taken each frame, so the sound keeps to the camera's pace and the picture), and a
 * jump of more than half a second (a gap in the sound, a restart) is taken as it is.
 */
const RESYNC_S = 0.5;
/** AAC main, LC, SSR, LTP, and HE-AAC (SBR, PS): 1024 samples a frame at the core rate (or 960). */
const FRAMES_OF_1024 = new Set([1, 2, 3, 4, 5, 29]);
/** Each frame moves 1/16 of the way from the running timeline to the arrival stamp. */
const FOLLOW = 16;

export class SoundTimeline {
  private next: number | undefined;

  private constructor(
    private readonly trackId: number,
    /** One frame of sound in the track's timescale. */
    private readonly frame: number,
    private readonly resync: number,
  ) {}

  /** For the sound track of an init segment; undefined when it has none that can be retimed (not AAC). */
  static of(init: Buffer): SoundTimeline | undefined {
    const info = readAudioInfo(init);
    if (info?.codec !== 'aac' || !info.sampleRate || !info.timescale) return undefined;
    // Low-delay AAC (object types 23, 39) has frames of 480 or 512: left as it comes.
    if (info.objectType !== undefined && !FRAMES_OF_1024.has(info.objectType)) return undefined;
    return new SoundTimeline(info.trackId, aacFrame(info), info.timescale * RESYNC_S);
  }

  /**
   * Retimes the sound fragment whose moof payload is buf[body, end): its decode time (tfdt) and its
   * samples' durations (tfhd default or trun per sample). Fields are rewritten where they are, so
   * nothing moves; a moof without them is left as it is.
   */
  retime(buf: Buffer, body: number, end: number): void {
    for (let at = body; at + 8 <= end; ) {
      const size = buf.readUInt32BE(at);
      if (size < 8 || at + size > end) return;
      if (buf.readUInt32BE(at + 4) === TRAF) this.retimeTraf(buf, at + 8, at + size);
      at += size;
    }
  }

  private retimeTraf(buf: Buffer, body: number, end: number) {
    let durationAt = -1;
    let tfdtAt = -1;
    let tfdtWide = false;
    let runAt = -1;
    for (let at = body; at + 8 <= end; ) {
      const size = buf.readUInt32BE(at);
      if (size < 8 || at + size > end) return;
      const type = buf.readUInt32BE(at + 4);
      if (type === TFHD) {
        const flags = buf.readUInt32BE(at + 8) & 0xffffff;
        if (buf.readUInt32BE(at + 12) !== this.trackId) return;
        if (flags & 0x08) durationAt = at + 16 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
      } else if (type === TFDT) {
        tfdtWide = buf[at + 8] === 1;
        tfdtAt = at + 12;
      } else if (type === TRUN) runAt = at + 8;
      at += size;
    }
    if (tfdtAt < 0 || runAt < 0) return;
    const runFlags = buf.readUInt32BE(runAt) & 0xffffff;
    const samples = buf.readUInt32BE(runAt + 4);
    // Durations: per sample in the run, or the default of the fragment; one of them must be there.
    if (runFlags & 0x100) {
      let q = runAt + 8 + (runFlags & 0x01 ? 4 : 0) + (runFlags & 0x04 ? 4 : 0);
      const stride = 4 + (runFlags & 0x200 ? 4 : 0) + (runFlags & 0x400 ? 4 : 0) + (runFlags & 0x800 ? 4 : 0);
      for (let i = 0; i < samples; i++, q += stride) buf.writeUInt32BE(this.frame, q);
    } else if (durationAt >= 0) buf.writeUInt32BE(this.frame, durationAt);
    else return;
    const arrived = tfdtWide ? Number(buf.readBigUInt64BE(tfdtAt)) : buf.readUInt32BE(tfdtAt);
    let start = arrived;
    if (this.next !== undefined && Math.abs(arrived - this.next) <= this.resync) {
      const step = Math.round((arrived - this.next) / FOLLOW);
      // Never so far back that a frame would end before the last one did.
      start = this.next + Math.round(Math.max(-this.frame / 2, Math.min(this.frame / 2, step)));
    }
    if (tfdtWide) buf.writeBigUInt64BE(BigInt(start), tfdtAt);
    else buf.writeUInt32BE(start >>> 0, tfdtAt);
    this.next = start + samples * this.frame;
  }
}

/**
 * One AAC frame in the track's timescale: 1024 samples at the core rate the AudioSpecificConfig
 * names (960 when its frame-length flag says so), so 2048 at the output rate of HE-AAC.
 */
function aacFrame(info: AudioInfo): number {
  const short = info.objectType === 2 && info.config && info.config.length >= 2 && info.config[1]! & 0x04;
  return Math.round(((short ? 960 : 1024) * info.timescale) / info.sampleRate);
}

// Box types as big-endian integers.
const TRAF = 0x74726166;
const TFHD = 0x74666864;
const TFDT = 0x74666474;
const TRUN = 0x7472756e;
