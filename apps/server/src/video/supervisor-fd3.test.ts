import { describe, expect, it } from 'vitest';
import { waitFor } from '../../test/recorder-helpers.ts';
import { LiveFeed } from './live-feed.ts';
import { FfmpegSupervisor } from './supervisor.ts';

/** The supervisor's fd 3 (motion frames) with a stand-in for ffmpeg: /bin/sh writing to its fds. */
function supervise(script: string, received: Buffer[]) {
  const statuses: string[] = [];
  const sup = new FfmpegSupervisor({
    ffmpegPath: '/bin/sh',
    args: ['-c', script],
    liveFeed: new LiveFeed(),
    onStatus: (s, e) => statuses.push(`${s}: ${e}`),
    onFd3: (d) => received.push(d),
    log: () => {},
    stallMs: 1000,
  });
  return { sup, statuses };
}

describe('FfmpegSupervisor fd 3', () => {
  it('hands fd 3 bytes to onFd3', async () => {
    const received: Buffer[] = [];
    const { sup } = supervise('while :; do printf abc >&3; printf x; sleep 0.1; done', received);
    sup.start();
    await waitFor(() => Buffer.concat(received).length >= 9, 5000, 'fd 3 bytes');
    expect(Buffer.concat(received).toString().startsWith('abcabcabc')).toBe(true);
    await sup.stop();
  });

  it('kills a process whose fd 3 went silent while stdout still flows', async () => {
    const received: Buffer[] = [];
    const { sup, statuses } = supervise('while :; do printf x; sleep 0.1; done', received);
    sup.start();
    await waitFor(() => statuses.length > 0, 5000, 'a restart');
    expect(statuses[0]).toMatch(/^reconnecting: /);
    expect(received).toEqual([]);
    await sup.stop();
  });
});
