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
      'Connection refused — nothing is listening at cam.local:8554',
    ],
    ['method DESCRIBE failed: 401 Unauthorized', 'Camera rejected the username or password (401 Unauthorized)'],
    ['Server returned 404 Not Found', 'Stream not found on the camera (404) — check the path'],
    ['Failed to resolve hostname cam.local: Name or service not known', 'Host not found'],
    ['Connection to tcp://x failed: Connection timed out', 'Timed out after 8 s — is the camera reachable?'],
  ])('%s', (stderr, words) => expect(explain(stderr, url)).toBe(words));
  it('an unknown error loses every URL (they can carry the password)', () => {
    const words = explain('rtsp://admin:hunter2@cam/x: Invalid data found when processing input', url);
    expect(words).toBe('Could not read the stream: Invalid data found when processing input');
    expect(words).not.toContain('hunter2');
  });
  it('parses streams; none → no video stream', () => {
    expect(
      parseProbe('{"streams":[{"codec_name":"h264","width":640,"height":360,"avg_frame_rate":"30000/1001"}]}'),
    ).toEqual({ ok: true, codec: 'h264', width: 640, height: 360, fps: 29.97, audio: null, error: null });
    const both =
      '{"streams":[{"codec_type":"audio","codec_name":"aac","sample_rate":"16000"},' +
      '{"codec_type":"video","codec_name":"hevc","width":2560,"height":1440,"avg_frame_rate":"20/1"}]}';
    expect(parseProbe(both)).toMatchObject({ codec: 'hevc', width: 2560, audio: { codec: 'aac', sampleRate: 16000 } });
    expect(parseProbe('{}')).toMatchObject({ ok: false, error: 'No video stream in this source' });
  });
});
