import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type LiveChunk, LiveFeed } from './live-feed.ts';
import { type Box, child, children, readBoxes } from './mp4-boxes.ts';
import { SoundTimeline } from './sound-timeline.ts';

/**
 * The fixture of sound-tracks.unit.test.ts (AAC-LC, 16 kHz: a frame is 1024 ticks), made to look
 * the way ffmpeg writes a real RTSP camera's copied AAC with arrival stamps: every fragment of
 * sound 0 ticks long, its start off by up to ±19 ms, and now and then two frames stamped at the
 * same instant (measured from the GStreamer AAC camera: 114 of 122 fragments of sound 0 s long).
 */
const SOUND = 2;
const FRAME = 1024;
/**
 * The fixture's sound is regular up to here; its last frames (ffmpeg's end of file: a frame of
 * 0 s, two at the same instant) are what a camera sends anyway.
 */
const STEADY = 42;

interface Sound {
  start: number;
  duration: number;
}

function soundTrafs(buf: Buffer): { tfhd: Box; tfdt: Box }[] {
  const out: { tfhd: Box; tfdt: Box }[] = [];
  for (const moof of readBoxes(buf).filter((b) => b.type === 'moof'))
    for (const traf of children(buf, moof, 'traf')) {
      const tfhd = child(buf, traf, 'tfhd')!;
      if (buf.readUInt32BE(tfhd.body + 4) === SOUND) out.push({ tfhd, tfdt: child(buf, traf, 'tfdt')! });
    }
  return out;
}

/** tfhd flags 0x20038 (as ffmpeg writes them): the default duration follows track id at +8. */
const readSound = (buf: Buffer): Sound[] =>
  soundTrafs(buf).map(({ tfhd, tfdt }) => ({
    start: Number(buf.readBigUInt64BE(tfdt.body + 4)),
    duration: buf.readUInt32BE(tfhd.body + 8),
  }));

function asArrivingFromACamera(original: Buffer): Buffer {
  const buf = Buffer.from(original);
  soundTrafs(buf).forEach(({ tfhd, tfdt }, i) => {
    buf.writeUInt32BE(0, tfhd.body + 8);
    const start = Number(buf.readBigUInt64BE(tfdt.body + 4));
    // Deterministic jitter, and every 7th frame stamped with the one before it.
    const jitter = i % 7 === 6 ? -FRAME : Math.round(Math.sin(i * 1.7) * 300);
    buf.writeBigUInt64BE(BigInt(Math.max(0, start + jitter)), tfdt.body + 4);
  });
  return buf;
}

function liveSound(buf: Buffer): Sound[] {
  const feed = new LiveFeed();
  const out: Sound[] = [];
  feed.subscribe((c: LiveChunk) => {
    if (c.type === 'fragment') out.push(...readSound(c.data));
  });
  // In pieces, as a pipe hands them over.
  for (let at = 0; at < buf.length; at += 4096) feed.push(buf.subarray(at, at + 4096));
  return out;
}

describe('the live sound on one timeline', () => {
  const fixture = readFileSync(new URL('./fixtures/live-sound-sample.mp4', import.meta.url));
  const original = readSound(fixture);
  const camera = asArrivingFromACamera(fixture);

  it('the camera-like input has what broke playback: 0 s sound, jittered, some at the same instant', () => {
    const sound = readSound(camera);
    expect(sound.length).toBeGreaterThan(40);
    expect(sound.every((s) => s.duration === 0)).toBe(true);
    expect(sound.some((s, i) => i > 0 && s.start <= sound[i - 1]!.start)).toBe(true);
  });

  it('each fragment of sound gets its frame’s duration and starts where the one before ended', () => {
    const sound = liveSound(camera);
    expect(sound).toHaveLength(original.length);
    expect(sound.every((s) => s.duration === FRAME)).toBe(true);
    for (let i = 1; i < sound.length; i++) {
      const gap = sound[i]!.start - (sound[i - 1]!.start + FRAME);
      // A sixteenth of the jitter (±19 ms) or of a frame stamped with the one before: ≤ 5 ms.
      expect(Math.abs(gap), `frame ${i}`).toBeLessThanOrEqual(85);
    }
  });

  it('stays with the camera’s time: never more than 20 ms from where the sound really was', () => {
    const sound = liveSound(camera);
    const off = sound.slice(0, STEADY).map((s, i) => Math.abs(s.start - original[i]!.start) / 16_000);
    expect(Math.max(...off)).toBeLessThan(0.02);
  });

  it('a jump of more than half a second (a gap in the sound) is kept, not smoothed over', () => {
    const buf = Buffer.from(fixture);
    const trafs = soundTrafs(buf);
    const late = 16_000; // one second
    for (const { tfdt } of trafs.slice(20))
      buf.writeBigUInt64BE(buf.readBigUInt64BE(tfdt.body + 4) + BigInt(late), tfdt.body + 4);
    const sound = liveSound(buf);
    expect(sound[20]!.start - sound[19]!.start).toBe(FRAME + late);
    expect(sound[21]!.start - sound[20]!.start).toBe(FRAME);
  });

  it('an already continuous stream (a transcoded sound) goes through unchanged', () => {
    expect(liveSound(fixture).slice(0, STEADY)).toEqual(original.slice(0, STEADY));
  });
});

describe('which sound is retimed', () => {
  it('AAC-LC (1024 a frame), not low-delay AAC (480 or 512) nor a stream without sound', () => {
    const fixture = readFileSync(new URL('./fixtures/live-sound-sample.mp4', import.meta.url));
    const init = fixture.subarray(0, readBoxes(fixture).find((b) => b.type === 'moov')!.end);
    expect(SoundTimeline.of(init)).toBeDefined();
    // The AudioSpecificConfig's first five bits are the object type: 2 (LC) → 23 (LD).
    const at = init.indexOf(Buffer.from([0x14, 0x08]), init.indexOf('esds'));
    expect(at).toBeGreaterThan(0);
    const ld = Buffer.from(init);
    ld[at] = (23 << 3) | (ld[at]! & 0x07);
    expect(SoundTimeline.of(ld)).toBeUndefined();
    const silent = readFileSync(new URL('./fixtures/live-sample.mp4', import.meta.url));
    expect(SoundTimeline.of(silent.subarray(0, readBoxes(silent).find((b) => b.type === 'moov')!.end))).toBeUndefined();
  });
});
