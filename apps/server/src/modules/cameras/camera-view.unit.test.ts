import { describe, expect, it } from 'vitest';
import { maskUrl, splitCredentials, withCredentials } from './camera-view.ts';
import { explain, parseProbe } from './probe.ts';

describe('camera URLs', () => {
  it('splitCredentials moves user:pass out of the URL, decoding them', () => {
    expect(splitCredentials('rtsp://admin:p%40ss@10.0.0.5:554/s1?x=1')).toEqual({
      url: 'rtsp://10.0.0.5:554/s1?x=1',
      username: 'admin',
      password: 'p@ss',
    });
    expect(splitCredentials('rtsp://10.0.0.5/s1')).toEqual({ url: 'rtsp://10.0.0.5/s1' });
  });
  it('maskUrl shows user:*** and never the password', () => {
    expect(maskUrl('rtsp://admin:secret@host/x')).toBe('rtsp://admin:***@host/x');
    expect(maskUrl('rtsp://:secret@host/x')).toBe('rtsp://***@host/x');
    expect(maskUrl('rtsp://host/x')).toBe('rtsp://host/x');
    expect(maskUrl(null)).toBeNull();
  });
  it('withCredentials puts them back percent-encoded', () => {
    const url = withCredentials('rtsp://host/x', 'ad min', 'p@ss:w/rd');
    expect(splitCredentials(url)).toEqual({ url: 'rtsp://host/x', username: 'ad min', password: 'p@ss:w/rd' });
  });
});

describe('ffprobe output in words', () => {
  const url = 'rtsp://cam.local:8554/live';
  it.each([
    [
      'Connection to tcp://127.0.0.1:8554 failed: Connection refused',
      'camera/refused',
      'Connection refused by cam.local:8554: nothing is listening on that port, check the port in the URL.',
    ],
    [
      'method DESCRIBE failed: 401 Unauthorized',
      'camera/unauthorized',
      'The camera rejected the user name or password (401): check them.',
    ],
    [
      'Server returned 404 Not Found',
      'camera/not-found',
      'The camera has no stream at this path (404): check the path in the URL.',
    ],
    [
      'Failed to resolve hostname cam.local: Name or service not known',
      'camera/host-not-found',
      'Host not found: cam.local does not resolve, check the address in the URL.',
    ],
    [
      'Connection to tcp://x failed: Connection timed out',
      'camera/unreachable',
      'The camera did not answer at cam.local:8554: check that it is on and connected, and that the address is right.',
    ],
  ])('%s', (stderr, errorCode, error) => expect(explain(stderr, url)).toMatchObject({ ok: false, errorCode, error }));
  it('"invalid data" is a camera that did not answer after the socket timeout, else not a video stream', () => {
    const stderr = 'rtsp://admin:hunter2@cam/x: Invalid data found when processing input';
    expect(explain(stderr, url, 5100).errorCode).toBe('camera/unreachable');
    const words = explain(stderr, url, 200);
    expect(words.errorCode).toBe('camera/not-video');
    expect(JSON.stringify(words)).not.toContain('hunter2');
  });
  it('an unknown error loses every URL (they can carry the password)', () => {
    const words = explain('rtsp://admin:hunter2@cam/x: Operation not permitted', url);
    expect(words.error).toBe('Could not read the stream: Operation not permitted');
    expect(words.errorCode).toBeUndefined();
  });
  it('parses streams; none → not a video stream', () => {
    expect(
      parseProbe('{"streams":[{"codec_name":"h264","width":640,"height":360,"avg_frame_rate":"30000/1001"}]}'),
    ).toEqual({ ok: true, codec: 'h264', width: 640, height: 360, fps: 29.97, audio: null, error: null });
    const both =
      '{"streams":[{"codec_type":"audio","codec_name":"aac","sample_rate":"16000"},' +
      '{"codec_type":"video","codec_name":"hevc","width":2560,"height":1440,"avg_frame_rate":"20/1"}]}';
    expect(parseProbe(both)).toMatchObject({ codec: 'hevc', width: 2560, audio: { codec: 'aac', sampleRate: 16000 } });
    expect(parseProbe('{}')).toMatchObject({ ok: false, errorCode: 'camera/not-video' });
  });
});
