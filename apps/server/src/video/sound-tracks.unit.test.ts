import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adtsHeader, mseAudioCodec, readAudioInfo } from './audio-info.ts';
import { parseAudioProbe } from './audio-probe.ts';
import { type LiveChunk, LiveFeed } from './live-feed.ts';
import { readBoxes } from './mp4-boxes.ts';
import { summarizeFragmentedMp4 } from './mp4-fragments.ts';
import { readTracks, trackOf } from './mp4-init.ts';
import { readSamples } from './mp4-samples.ts';
import { StreamInfoProbe } from './stream-info.ts';

/**
 * A camera with sound, as ffmpeg writes it: 3 s of 160x90 testsrc2 at 15 fps (a keyframe each
 * second) and a 440 Hz tone as AAC-LC, 16 kHz mono, made with
 *   ffmpeg -f lavfi -i testsrc2=size=160x90:rate=15 -f lavfi -i sine=frequency=440:sample_rate=16000 -t 3
 *     -map 0:v -map 1:a -c:v libx264 -preset ultrafast -g 15 -pix_fmt yuv420p -c:a aac -b:a 24k -ac 1
 *     -f mp4 -movflags +frag_keyframe+empty_moov+default_base_moof[+frag_every_frame]
 * live-sound-sample.mp4 with the live feed's one-fragment-per-frame (a fragment holds a frame of
 * picture or of sound), segment-sound-sample.mp4 as segments are cut (a fragment holds both tracks).
 */
const live = readFileSync(new URL('./fixtures/live-sound-sample.mp4', import.meta.url));
const segment = readFileSync(new URL('./fixtures/segment-sound-sample.mp4', import.meta.url));

function chunks(buf: Buffer): LiveChunk[] {
  const feed = new LiveFeed();
  const out: LiveChunk[] = [];
  feed.subscribe((c) => out.push(c));
  feed.push(buf);
  return out;
}

describe('fragmented MP4 with sound', () => {
  it('tells the tracks apart by handler', () => {
    const moov = readBoxes(live).find((b) => b.type === 'moov')!;
    const tracks = readTracks(live, moov);
    expect([...tracks.values()].map((t) => t.handler).sort()).toEqual(['soun', 'vide']);
    expect(tracks.get(trackOf(tracks)!)!.handler).toBe('vide');
    expect(tracks.get(trackOf(tracks, 'soun')!)!.timescale).toBe(16000);
  });

  it('a segment lasts as long as its picture, whichever track each fragment opens with', () => {
    // 45 frames of 1/15 s; the last one's duration is the muxer's guess (3.064 s in the segment).
    for (const file of [live, segment]) {
      expect(summarizeFragmentedMp4(file).durationSec).toBeGreaterThan(2.99);
      expect(summarizeFragmentedMp4(file).durationSec).toBeLessThan(3.07);
    }
    // Segments hold both tracks in each fragment; 3 keyframes, 3 fragments.
    expect(summarizeFragmentedMp4(segment).fragments).toBe(3);
  });

  it('the live feed takes keyframes and durations from the picture only', () => {
    const frags = chunks(live).filter((c) => c.type === 'fragment');
    const keyframes = frags.filter((c) => c.keyframe);
    expect(keyframes).toHaveLength(3);
    const seconds = frags.reduce((s, c) => s + c.duration, 0);
    expect(seconds).toBeCloseTo(3, 1);
    // Fragments of sound are there (MSE plays them) but neither keyframes nor time.
    const sound = frags.filter((c) => !c.keyframe && c.duration === 0);
    expect(sound.length).toBeGreaterThan(40);
  });

  it('a late viewer starts on the picture’s keyframe, its sound no later', () => {
    const feed = new LiveFeed();
    feed.push(live);
    const got: LiveChunk[] = [];
    feed.subscribe((c) => got.push(c));
    const frags = got.filter((c) => c.type === 'fragment');
    // The few fragments of sound before the keyframe come first: neither keyframes nor picture.
    const at = frags.findIndex((c) => c.keyframe);
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThanOrEqual(4);
    for (const c of frags.slice(0, at)) {
      expect(c.duration).toBe(0);
      expect(readSamples(c.data, feed.trackInfo, feed.videoTrack).samples).toHaveLength(0);
    }
    const { samples, timescale } = readSamples(frags[at]!.data, feed.trackInfo, feed.videoTrack);
    expect(samples[0]?.keyframe).toBe(true);
    // A muxed buffer plays where both tracks are: the sound covers the keyframe's moment.
    const soundTrack = trackOf(feed.trackInfo, 'soun');
    const sound = readSamples(frags[0]!.data, feed.trackInfo, soundTrack);
    expect(sound.samples[0]!.dts / sound.timescale!).toBeLessThanOrEqual(samples[0]!.dts / timescale!);
  });

  it('a late viewer gets the same sound and picture whether the feed was watched or idle', () => {
    const late = (watched: boolean) => {
      const feed = new LiveFeed();
      const off = watched ? feed.subscribe(() => {}) : undefined;
      feed.push(live);
      off?.();
      const got: LiveChunk[] = [];
      feed.subscribe((c) => got.push(c));
      return got.map((c) => (c.type === 'fragment' ? `${c.keyframe}:${c.duration > 0}:${c.data.length}` : 'init'));
    };
    expect(late(false)).toEqual(late(true));
    expect(late(false).filter((c) => c.startsWith('true'))).toHaveLength(1);
  });

  it('WebRTC reads the picture’s samples only', () => {
    const feed = new LiveFeed();
    let video = 0;
    let audio = 0;
    feed.subscribe((c) => {
      if (c.type !== 'fragment') return;
      video += readSamples(c.data, feed.trackInfo, feed.videoTrack).samples.length;
      audio += readSamples(c.data, feed.trackInfo, trackOf(feed.trackInfo, 'soun')).samples.length;
    });
    feed.push(live);
    expect(video).toBe(45);
    // 1024 samples per AAC frame at 16 kHz: ~47 frames in 3 s.
    expect(audio).toBeGreaterThan(40);
  });

  it('measures the frame rate beside a sound track', () => {
    const probe = new StreamInfoProbe(2);
    let info: ReturnType<StreamInfoProbe['pushFragment']>;
    for (const c of chunks(live)) {
      if (c.type === 'init') probe.pushInit(c.data);
      else info ??= probe.pushFragment(c.data);
    }
    expect(info).toMatchObject({ codec: 'h264', width: 160, height: 90, fps: 15 });
  });
});

describe('audio info', () => {
  it('reads AAC’s config from the esds: the MSE codec string and the format', () => {
    const a = readAudioInfo(live)!;
    expect(a).toMatchObject({ codec: 'aac', sampleRate: 16000, channels: 1, objectType: 2, timescale: 16000 });
    expect(mseAudioCodec(a)).toBe('mp4a.40.2');
    expect(readAudioInfo(readFileSync(new URL('./fixtures/live-sample.mp4', import.meta.url)))).toBeUndefined();
    expect(mseAudioCodec(undefined)).toBeUndefined();
  });

  it('frames raw AAC as ADTS: sync word, format and length', () => {
    const a = readAudioInfo(live)!;
    const h = adtsHeader(a.config!, 100);
    expect(h).toHaveLength(7);
    expect(h.readUInt16BE(0) & 0xfff6).toBe(0xfff0);
    expect(((h[2]! >> 6) & 3) + 1).toBe(2); // AAC-LC
    expect((h[2]! >> 2) & 0x0f).toBe(8); // 16 kHz
    expect(((h[2]! & 1) << 2) | (h[3]! >> 6)).toBe(1); // mono
    expect(((h[3]! & 3) << 11) | (h[4]! << 3) | (h[5]! >> 5)).toBe(107);
  });

  it('reads ffprobe’s answer on a camera’s sound', () => {
    expect(parseAudioProbe('{"streams":[{"codec_name":"pcm_mulaw","sample_rate":"8000"}]}')).toEqual({
      codec: 'pcm_mulaw',
      sampleRate: 8000,
    });
    expect(parseAudioProbe('{"streams":[]}')).toEqual({ codec: 'none', sampleRate: null });
    expect(parseAudioProbe('')).toBeUndefined();
  });
});
