import { describe, expect, it } from 'vitest';
import { backoffMs, describeFfmpegError } from './ffmpeg-errors.ts';
import { isSegmentName, relativeSegmentPath, segmentDir, segmentStart } from './paths.ts';
import { segmentSpan } from './segment-files.ts';

describe('describeFfmpegError (stderr of ffmpeg 5.1, captured from real runs)', () => {
  it.each([
    [
      '[tcp @ 0x1] Connection to tcp://127.0.0.1:18559?timeout=0 failed: Connection refused\nrtsp://127.0.0.1:18559/test: Connection refused',
      'Connection refused by 127.0.0.1:18559: nothing is listening on that port, check the port in the URL.',
    ],
    [
      '[tcp @ 0x1] Connection to tcp://127.0.0.1:1 failed: Connection refused\nhttp://127.0.0.1:1/x: Connection refused',
      'Connection refused by 127.0.0.1:1: nothing is listening on that port, check the port in the URL.',
    ],
    [
      '[rtsp @ 0x1] method DESCRIBE failed: 401 Unauthorized\nrtsp://admin:bad@127.0.0.1:18554/test: Server returned 401 Unauthorized (authorization failed)',
      'The camera rejected the user name or password (401): check them.',
    ],
    [
      'http://127.0.0.1:44529/video.mjpg: Server returned 401 Unauthorized (authorization failed)',
      'The camera rejected the user name or password (401): check them.',
    ],
    [
      '[rtsp @ 0x1] method DESCRIBE failed: 404 Not Found',
      'The camera has no stream at this path (404): check the path in the URL.',
    ],
    [
      'http://127.0.0.1:38063/video.mjpgx: Server returned 404 Not Found',
      'The camera has no stream at this path (404): check the path in the URL.',
    ],
    [
      '[tcp @ 0x1] Failed to resolve hostname nonexistent.invalid: Name or service not known\nrtsp://nonexistent.invalid/x: Input/output error',
      'Host not found: nonexistent.invalid does not resolve, check the address in the URL.',
    ],
    [
      'rtsp://10.1.1.1/s: Connection timed out',
      'The camera did not answer at 10.1.1.1: check that it is on and connected, and that the address is right.',
    ],
    [
      'http://127.0.0.1:44691/x: Connection timed out',
      'The camera did not answer at 127.0.0.1:44691: check that it is on and connected, and that the address is right.',
    ],
    [
      'rtsp://127.0.0.1:46461/x: Invalid data found when processing input',
      'This address answers, but not with a video stream: check the URL and the stream type.',
    ],
    ['\nStream stalled', 'The camera stopped sending video'],
    [
      '[mp4 @ 0x1] Error writing trailer: No space left on device\nav_interleaved_write_frame(): No space left on device',
      'The media disk is full: free space, or let the disk guard delete old footage (Admin › Settings)',
    ],
  ])('%s', (stderr, expected) => {
    expect(describeFfmpegError(stderr, 1, null)).toBe(expected);
  });
  it('an RTSP host that accepts and never answers fails as "invalid data" after the socket timeout: unreachable', () => {
    const stderr = 'rtsp://admin:pw@127.0.0.1:46461/x: Invalid data found when processing input';
    expect(describeFfmpegError(stderr, 1, null, 5200)).toBe(
      'The camera did not answer at 127.0.0.1:46461: check that it is on and connected, and that the address is right.',
    );
    expect(describeFfmpegError(stderr, 1, null, 300)).toMatch(/^This address answers, but not with a video stream/);
  });
  it('falls back to the last line without its [component] prefix, then to the exit status', () => {
    expect(describeFfmpegError('noise\n[h264 @ 0x2] something odd\n', 1, null)).toBe('something odd');
    expect(describeFfmpegError('', 255, null)).toBe('ffmpeg exited with code 255');
    expect(describeFfmpegError('', null, 'SIGKILL')).toBe('ffmpeg stopped (SIGKILL)');
  });
});

describe('backoffMs', () => {
  it('doubles from 1 s to a 30 s cap with ±20 % jitter, never under 1 s', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffMs(n, mid))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffMs(1, () => 0)).toBe(1000);
    expect(backoffMs(3, () => 0)).toBe(3200);
    expect(backoffMs(3, () => 0.999)).toBe(4798);
    expect(backoffMs(10, () => 0.999)).toBe(30000);
  });
});

describe('paths', () => {
  it('lays media out per workspace and camera', () => {
    expect(segmentDir('/data/media', 'w', 'c')).toBe('/data/media/w/c/segments');
    expect(relativeSegmentPath('w', 'c', '20260102T030405Z.mp4')).toBe('w/c/segments/20260102T030405Z.mp4');
  });
  it('reads the UTC start from a segment name', () => {
    expect(segmentStart('20260102T030405Z.mp4')?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(segmentStart('20260102T030405Z.mp4.tmp')).toBeUndefined();
    expect(isSegmentName('x.mp4')).toBe(false);
  });
});

describe('segmentSpan', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
  it('ends where the next segment of the same run starts, and starts at the later of its name and next − duration', () => {
    // Opened at :10.6 (named :10), 2.0 s, next opened at :12.6 (named :12): next − duration is later.
    expect(segmentSpan(at(10), 2000, at(12))).toEqual({ start: at(10), end: at(12) });
    // Opened at :10.2, 2.7 s, next at :12.9 (named :12): next − duration (:09.3) is before the
    // name, where the predecessor ended: the span starts at the name and never overlaps it.
    expect(segmentSpan(at(10), 2700, at(12))).toEqual({ start: at(10), end: at(12) });
    // Opened at :10.9, 1.4 s, next at :12.3 (named :12): :10.6 is closer than :10.
    expect(segmentSpan(at(10), 1400, at(12))).toEqual({ start: new Date(at(12).getTime() - 1400), end: at(12) });
    expect(segmentSpan(at(10), 10_000, at(20))).toEqual({ start: at(10), end: at(20) });
  });
  it('ends at the last write when it fits the name: [written − duration, written], to the millisecond', () => {
    const written = new Date(at(12).getTime() + 345);
    expect(segmentSpan(at(10), 2000, at(12), written)).toEqual({
      start: new Date(written.getTime() - 2000),
      end: written,
    });
    // A run's first file, opened at :05.9 after 0.9 s of probing: its footage began before its name.
    const first = new Date(at(7).getTime() + 800);
    expect(segmentSpan(at(5), 2900, at(7), first)).toEqual({ start: new Date(first.getTime() - 2900), end: first });
    // Touched an hour later (a copy, a restore): the names decide.
    expect(segmentSpan(at(10), 2000, at(12), new Date(at(12).getTime() + 3_600_000))).toEqual({
      start: at(10),
      end: at(12),
    });
  });
  it('uses the name when there is no successor or it belongs to another run (a gap)', () => {
    expect(segmentSpan(at(10), 1600)).toEqual({ start: at(10), end: new Date(at(10).getTime() + 1600) });
    expect(segmentSpan(at(10), 2000, at(30))).toEqual({ start: at(10), end: at(12) });
  });
});

describe('describeFfmpegError never repeats credentials', () => {
  it('strips the userinfo of any URL ffmpeg echoes', () => {
    const text = describeFfmpegError('rtsp://admin:S3cret%40x@10.0.0.9:554/live: Invalid data in something', 1, null);
    expect(text).not.toMatch(/S3cret|admin/);
    expect(text).toContain('rtsp://***@10.0.0.9:554/live');
  });
});
