import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type LiveChunk, LiveFeed } from './live-feed.ts';
import { initSize, readBoxes, summarizeFragmentedMp4 } from './mp4-boxes.ts';

/**
 * fixtures/live-sample.mp4 is real ffmpeg output with the live-feed flags: 3 s of 160x90 testsrc2
 * at 10 fps, GOP 10 (a keyframe each second), -frag_duration 200000 (fragments of 0.2 s):
 *   ffmpeg -f lavfi -i testsrc2=size=160x90:rate=10 -t 3 -c:v libx264 -preset ultrafast -tune zerolatency
 *     -g 10 -pix_fmt yuv420p -f mp4 -movflags +frag_keyframe+empty_moov+default_base_moof -frag_duration 200000 pipe:1
 */
const sample = readFileSync(new URL('./fixtures/live-sample.mp4', import.meta.url));

describe('mp4 boxes', () => {
  it('splits the file into ftyp, moov, then moof/mdat pairs covering every byte', () => {
    const boxes = readBoxes(sample);
    expect(boxes.slice(0, 2).map((b) => b.type)).toEqual(['ftyp', 'moov']);
    const frags = boxes.slice(2).filter((b) => b.type !== 'mfra');
    expect(frags.length % 2).toBe(0);
    expect(frags.map((b) => b.type)).toEqual(frags.map((_, i) => (i % 2 ? 'mdat' : 'moof')));
    expect(boxes.at(-1)!.end).toBe(sample.length);
  });
  it('sums real sample durations and measures the init', () => {
    const s = summarizeFragmentedMp4(sample);
    expect(s.durationSec).toBeCloseTo(3, 5);
    expect(s.fragments).toBe(15);
    expect(s.initBytes).toBe(initSize(sample));
    expect(s.initBytes).toBe(readBoxes(sample)[1]!.end);
  });
  it('ignores a truncated tail (a kill -9 mid-fragment)', () => {
    const cut = sample.subarray(0, Math.floor(sample.length * 0.6));
    const s = summarizeFragmentedMp4(cut);
    expect(s.fragments).toBeGreaterThan(0);
    expect(s.fragments).toBeLessThan(15);
    expect(s.durationSec).toBeCloseTo(s.fragments * 0.2, 5);
  });
  it('reports nothing for an empty or init-only file', () => {
    expect(summarizeFragmentedMp4(Buffer.alloc(0))).toEqual({ initBytes: 0, durationSec: 0, fragments: 0 });
    expect(summarizeFragmentedMp4(sample.subarray(0, initSize(sample))).fragments).toBe(0);
  });
});

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
