import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type LiveChunk, LiveFeed } from './live-feed.ts';
import { readBoxes } from './mp4-boxes.ts';
import { moofKeyframe, readFragment } from './mp4-fragments.ts';
import { initSize, readTracks, trackOf } from './mp4-init.ts';

/**
 * fixtures/live-sample.mp4 is real ffmpeg output with the live-feed flags: 3 s of 160x90 testsrc2
 * at 10 fps, GOP 10 (a keyframe each second), -frag_duration 200000 (fragments of 0.2 s):
 *   ffmpeg -f lavfi -i testsrc2=size=160x90:rate=10 -t 3 -c:v libx264 -preset ultrafast -tune zerolatency
 *     -g 10 -pix_fmt yuv420p -f mp4 -movflags +frag_keyframe+empty_moov+default_base_moof -frag_duration 200000 pipe:1
 */
const sample = readFileSync(new URL('./fixtures/live-sample.mp4', import.meta.url));

describe('LiveFeed', () => {
  function feedIn(feed: LiveFeed, buf: Buffer, chunk: number) {
    for (let at = 0; at < buf.length; at += chunk) feed.push(buf.subarray(at, at + chunk));
  }

  it('reassembles boxes from arbitrary stdout chunk sizes', () => {
    for (const size of [1, 7, 1000, 65536]) {
      const feed = new LiveFeed();
      const got: LiveChunk[] = [];
      feed.subscribe((c) => got.push(c));
      feedIn(feed, sample, size);
      expect(got[0]!.type).toBe('init');
      expect(got[0]!.data.length).toBe(initSize(sample));
      const frags = got.filter((c) => c.type === 'fragment');
      expect(frags).toHaveLength(15);
      // One keyframe per second: fragments 0, 5, 10 open a GOP.
      expect(frags.map((f, i) => (f.type === 'fragment' && f.keyframe ? i : -1)).filter((i) => i >= 0)).toEqual([
        0, 5, 10,
      ]);
      expect(
        Buffer.concat(got.map((c) => c.data)).equals(sample.subarray(0, Buffer.concat(got.map((c) => c.data)).length)),
      ).toBe(true);
    }
  });

  it('gives a late viewer the init and the fragments since the last keyframe', () => {
    const feed = new LiveFeed();
    const boxes = readBoxes(sample);
    // Everything up to the 13th fragment (index 12): the last GOP started at fragment 10.
    feed.push(sample.subarray(0, boxes[2 + 12 * 2 + 1]!.end));
    const got: LiveChunk[] = [];
    feed.subscribe((c) => got.push(c));
    expect(got.map((c) => c.type)).toEqual(['init', 'fragment', 'fragment', 'fragment']);
    expect(got[1]).toMatchObject({ keyframe: true });
    expect(feed.fragments).toBe(13);
  });

  it('starts over on a new ffmpeg run and after reset()', () => {
    const feed = new LiveFeed();
    feed.push(sample);
    feed.reset();
    expect(feed.initSegment).toBeUndefined();
    const got: LiveChunk[] = [];
    const off = feed.subscribe((c) => got.push(c));
    expect(got).toHaveLength(0);
    feed.push(sample.subarray(0, 100));
    feed.push(sample.subarray(100));
    expect(got[0]!.type).toBe('init');
    expect(feed.viewers).toBe(1);
    off();
    expect(feed.viewers).toBe(0);
  });
});

describe('the idle live feed', () => {
  it('reads the same keyframes in place as readFragment does, on every fragment', () => {
    const boxes = readBoxes(sample);
    const moov = boxes.find((b) => b.type === 'moov')!;
    const tracks = readTracks(sample, moov);
    const video = trackOf(tracks);
    const moofs = boxes.filter((b) => b.type === 'moof');
    expect(moofs).toHaveLength(15);
    for (const moof of moofs) {
      expect(moofKeyframe(sample, moof.body, moof.end, tracks, video)).toBe(
        readFragment(sample, moof, tracks, video)!.keyframe,
      );
    }
    // A track the fragments do not hold: no traf of it, as readFragment says.
    expect(moofKeyframe(sample, moofs[0]!.body, moofs[0]!.end, tracks, 99)).toBeUndefined();
    expect(readFragment(sample, moofs[0]!, tracks, 99)).toBeUndefined();
  });

  it('keeps the fragments unparsed with no viewer and gives a late one the same chunks as a watched feed', () => {
    const boxes = readBoxes(sample);
    const upTo = sample.subarray(0, boxes[2 + 12 * 2 + 1]!.end);
    const watched = new LiveFeed();
    const live: LiveChunk[] = [];
    watched.subscribe((c) => live.push(c));
    watched.push(upTo);
    const idle = new LiveFeed();
    for (let at = 0; at < upTo.length; at += 333) idle.push(upTo.subarray(at, at + 333));
    const late: LiveChunk[] = [];
    idle.subscribe((c) => late.push(c));
    // The last GOP (fragments 10 to 12), with the durations a viewer watching all along was given.
    const lastGop = live.slice(1 + 10);
    expect(late.slice(1)).toEqual(lastGop.map((c, i) => ({ ...c, keyframe: i === 0 })));
    expect(late[1]).toMatchObject({ keyframe: true });
    expect((late[1] as { duration: number }).duration).toBeCloseTo(0.2, 5);
  });

  it('keeps a fragment that came in one chunk as a view of it, not a copy', () => {
    const boxes = readBoxes(sample);
    const feed = new LiveFeed();
    const init = sample.subarray(0, boxes[1]!.end);
    feed.push(Buffer.from(init));
    const chunk = Buffer.from(sample.subarray(boxes[2]!.start, boxes[3]!.end));
    feed.push(chunk);
    const got: LiveChunk[] = [];
    feed.subscribe((c) => got.push(c));
    expect(got[1]!.data.buffer).toBe(chunk.buffer);
    expect(got[1]!.data.byteOffset).toBe(chunk.byteOffset);
    expect(got[1]!.data.equals(chunk)).toBe(true);
  });
});
