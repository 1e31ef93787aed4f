import { describe, expect, it } from 'vitest';
import type { LiveChunk, LiveFeed } from '../../video/live-feed.ts';
import { LiveHls } from './live-hls.ts';

/** A feed the test pushes chunks into by hand: pictures of 0.1 s, and sound (0 s of picture). */
function world() {
  let listener: ((c: LiveChunk) => void) | undefined;
  const feed = {
    subscribe(fn: (c: LiveChunk) => void) {
      listener = fn;
      return () => {
        listener = undefined;
      };
    },
  } as unknown as LiveFeed;
  const hls = new LiveHls(feed);
  hls.touch();
  const send = (c: LiveChunk) => listener?.(c);
  send({ type: 'init', data: Buffer.from('init') });
  const picture = (name: string, keyframe = false) =>
    send({ type: 'fragment', data: Buffer.from(name), keyframe, duration: 0.1 });
  const sound = (name: string) => send({ type: 'fragment', data: Buffer.from(name), keyframe: false, duration: 0 });
  const parts = () =>
    hls
      .playlist((name) => name)
      .split('\n')
      .filter((l) => l.startsWith('#EXT-X-PART:'))
      .map((l) => /DURATION=([\d.]+),URI="([^"]+)"/.exec(l)!.slice(1));
  return { hls, picture, sound, parts };
}

describe('live HLS parts', () => {
  it('never lists a part without picture: sound after a segment’s last picture opens the next segment', async () => {
    const { hls, picture, sound, parts } = world();
    picture('K1', true);
    picture('P1');
    sound('a1');
    picture('P2');
    sound('a2'); // after the segment's last picture: belongs with the next keyframe
    sound('a3');
    picture('K2', true);
    picture('P3');
    // Parts close at 0.2 s of picture, or with their segment; none is listed with 0 s.
    expect(parts()).toEqual([
      ['0.200', '0.0.m4s'],
      ['0.100', '0.1.m4s'],
      ['0.200', '1.0.m4s'],
    ]);
    // The first segment ends with its last picture; the next opens with the sound, then its keyframe.
    expect((await hls.segment(0))?.toString()).toBe('K1P1a1P2');
    expect((await hls.part(1, 0))?.toString()).toBe('a2a3K2P3');
  });

  it('sound before the first keyframe opens the first part; pictures before it are dropped', async () => {
    const { hls, picture, sound } = world();
    sound('a0');
    picture('P0'); // cannot be decoded: the sound before it goes with it
    sound('a1');
    picture('K1', true);
    picture('P1');
    expect((await hls.part(0, 0))?.toString()).toBe('a1K1P1');
  });
});
