import { describe, expect, it } from 'vitest';
import { type AudioHandling, audioHandling, buildFfmpegArgs, needsTranscode, withCredentials } from './ffmpeg-args.ts';

const dir = '/media/ws-1/cam-1/segments';
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('withCredentials', () => {
  it('leaves a URL without credentials untouched', () => {
    expect(withCredentials('rtsp://10.0.0.5:554/stream1')).toBe('rtsp://10.0.0.5:554/stream1');
    expect(withCredentials('rtsp://10.0.0.5/s', null, null)).toBe('rtsp://10.0.0.5/s');
  });
  it('percent-encodes reserved characters of user and password', () => {
    const url = withCredentials('rtsp://10.0.0.5:554/stream1', 'a@b', 'p:ss/word');
    expect(url).toBe('rtsp://a%40b:p%3Ass%2Fword@10.0.0.5:554/stream1');
    const parsed = new URL(url);
    expect(parsed.hostname).toBe('10.0.0.5');
    expect(decodeURIComponent(parsed.username)).toBe('a@b');
    expect(decodeURIComponent(parsed.password)).toBe('p:ss/word');
  });
  it('encodes spaces, percent, hash and question marks', () => {
    const url = withCredentials('rtsp://h/s', 'us er', '100%#?x');
    expect(url).toBe('rtsp://us%20er:100%25%23%3Fx@h/s');
  });
  it('replaces credentials already in the URL', () => {
    expect(withCredentials('rtsp://old:old@h:554/s?x=1', 'new', 'pw')).toBe('rtsp://new:pw@h:554/s?x=1');
  });
  it('supports a user without password', () => {
    expect(withCredentials('rtsp://h/s', 'admin', null)).toBe('rtsp://admin@h/s');
  });
});

describe('buildFfmpegArgs: rtsp', () => {
  const args = buildFfmpegArgs({
    source: { type: 'rtsp', url: 'rtsp://127.0.0.1:8554/test', username: 'a@b', password: 'p:ss/word' },
    recordingMode: 'continuous',
    segmentDir: dir,
  });
  it('reads over TCP with a 5 s socket timeout and injected credentials', () => {
    expect(args.slice(0, 4)).toEqual(['-hide_banner', '-nostdin', '-loglevel', 'error']);
    expect(after(args, '-rtsp_transport')).toBe('tcp');
    expect(after(args, '-timeout')).toBe('5000000');
    expect(after(args, '-i')).toBe('rtsp://a%40b:p%3Ass%2Fword@127.0.0.1:8554/test');
    expect(args.indexOf('-rtsp_transport')).toBeLessThan(args.indexOf('-i'));
  });
  it('never re-encodes H.264', () => {
    expect(args).not.toContain('libx264');
    expect(args.filter((a) => a === 'copy')).toHaveLength(2);
  });
  it('writes crash-tolerant fMP4 segments of 10 s with UTC strftime names', () => {
    expect(after(args, '-f')).toBe('segment');
    expect(after(args, '-segment_time')).toBe('10');
    // Cut on the wall clock: a camera clock that jumps back cannot stall the cuts.
    expect(after(args, '-segment_atclocktime')).toBe('1');
    expect(after(args, '-segment_format')).toBe('mp4');
    expect(after(args, '-segment_format_options')).toBe(
      'movflags=+frag_keyframe+empty_moov+default_base_moof:flush_packets=1',
    );
    expect(after(args, '-reset_timestamps')).toBe('1');
    expect(after(args, '-strftime')).toBe('1');
    expect(args).toContain(`${dir}/%Y%m%dT%H%M%SZ.mp4`);
  });
  it('feeds fragmented MP4 on stdout from the same process, last', () => {
    expect(args.slice(-7)).toEqual([
      '-f',
      'mp4',
      '-movflags',
      '+frag_keyframe+empty_moov+default_base_moof+frag_every_frame',
      '-flush_packets',
      '1',
      'pipe:1',
    ]);
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
  });
  it('maps only the first video stream to each output', () => {
    expect(args.filter((a) => a === '0:v:0')).toHaveLength(2);
  });
  it('omits userinfo when no credentials are set', () => {
    const a = buildFfmpegArgs({ source: { type: 'rtsp', url: 'rtsp://h/s' }, recordingMode: 'off', segmentDir: dir });
    expect(after(a, '-i')).toBe('rtsp://h/s');
  });
});

describe('buildFfmpegArgs: recording modes and paths', () => {
  const src = { type: 'rtsp', url: 'rtsp://h/s' } as const;
  it("'off' has no segment output, only the live feed", () => {
    const a = buildFfmpegArgs({ source: src, recordingMode: 'off', segmentDir: dir });
    expect(a).not.toContain('segment');
    expect(a.join(' ')).not.toContain(dir);
    expect(a.at(-1)).toBe('pipe:1');
  });
  it("'motion' records too (for now)", () => {
    const a = buildFfmpegArgs({ source: src, recordingMode: 'motion', segmentDir: dir });
    expect(a).toContain('segment');
  });
  it('uses the configured segment length and directory', () => {
    const a = buildFfmpegArgs({
      source: src,
      recordingMode: 'continuous',
      segmentDir: '/tmp/x y/seg',
      segmentSeconds: 2,
    });
    expect(after(a, '-segment_time')).toBe('2');
    expect(a).toContain('/tmp/x y/seg/%Y%m%dT%H%M%SZ.mp4');
  });
});

describe('buildFfmpegArgs: transcoded sources', () => {
  it('mjpeg over http: wall-clock stamps, one libx264 encode shared by both outputs through tee', () => {
    const a = buildFfmpegArgs({
      source: { type: 'mjpeg', url: 'http://127.0.0.1/video.mjpg' },
      recordingMode: 'continuous',
      segmentDir: dir,
    });
    expect(a.slice(a.indexOf('-use_wallclock_as_timestamps'), a.indexOf('-i') + 2)).toEqual([
      '-use_wallclock_as_timestamps',
      '1',
      '-framerate',
      '100',
      '-vsync',
      'passthrough',
      '-f',
      'mjpeg',
      '-i',
      'http://127.0.0.1/video.mjpg',
    ]);
    expect(a.filter((x) => x === 'libx264')).toHaveLength(1);
    expect(after(a, '-preset')).toBe('ultrafast');
    expect(after(a, '-tune')).toBe('zerolatency');
    expect(after(a, '-force_key_frames')).toBe('expr:gte(t,n_forced*2)');
    expect(after(a, '-flags')).toBe('+global_header');
    expect(after(a, '-f')).toBe('mjpeg');
    expect(a.at(-2)).toBe('tee');
    expect(a.at(-1)).toBe(
      `[f=segment:segment_time=10:segment_atclocktime=1:segment_format=mp4:segment_format_options=movflags\\=+frag_keyframe+empty_moov+default_base_moof\\:flush_packets\\=1:reset_timestamps=1:strftime=1]${dir}/%Y%m%dT%H%M%SZ.mp4` +
        '|[f=mp4:movflags=+frag_keyframe+empty_moov+default_base_moof+frag_every_frame:flush_packets=1]pipe:1',
    );
  });
  it('mjpeg with a user and password: put into the URL, percent-encoded, for ffmpeg to answer Basic or Digest', () => {
    const a = buildFfmpegArgs({
      source: { type: 'mjpeg', url: 'http://127.0.0.1/video.mjpg', username: 'admin', password: 'p@ss:w/rd' },
      recordingMode: 'continuous',
      segmentDir: dir,
    });
    expect(after(a, '-i')).toBe('http://admin:p%40ss%3Aw%2Frd@127.0.0.1/video.mjpg');
    expect(after(a, '-timeout')).toBe('5000000');
  });
  it('test pattern: real-time lavfi testsrc2 720p25, GOP 50', () => {
    const a = buildFfmpegArgs({ source: { type: 'test-pattern' }, recordingMode: 'continuous', segmentDir: dir });
    expect(a.slice(a.indexOf('-re'), a.indexOf('-i') + 2)).toEqual([
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=15',
    ]);
    expect(after(a, '-g')).toBe('30');
    expect(a).not.toContain('drawtext');
  });
  it('test pattern with recording off: a plain mp4 live output, no tee', () => {
    const a = buildFfmpegArgs({ source: { type: 'test-pattern' }, recordingMode: 'off', segmentDir: dir });
    expect(a).not.toContain('tee');
    expect(a.at(-1)).toBe('pipe:1');
    expect(a).toContain('libx264');
  });
  it('needsTranscode is false only for RTSP (H.264)', () => {
    expect(needsTranscode({ type: 'rtsp', url: 'rtsp://h' })).toBe(false);
    expect(needsTranscode({ type: 'mjpeg', url: 'http://h' })).toBe(true);
    expect(needsTranscode({ type: 'test-pattern' })).toBe(true);
  });
});

describe('protocol whitelist', () => {
  it('limits each source type to its own protocols', () => {
    const rtsp = buildFfmpegArgs({
      source: { type: 'rtsp', url: 'rtsp://10.0.0.5/x' },
      recordingMode: 'continuous',
      segmentDir: '/tmp/s',
    });
    expect(rtsp[rtsp.indexOf('-protocol_whitelist') + 1]).toBe('rtsp,rtsps,rtp,srtp,udp,tcp,tls');
    const mjpeg = buildFfmpegArgs({
      source: { type: 'mjpeg', url: 'http://10.0.0.5/x' },
      recordingMode: 'continuous',
      segmentDir: '/tmp/s',
    });
    expect(mjpeg[mjpeg.indexOf('-protocol_whitelist') + 1]).toBe('http,https,tcp,tls');
    // Before -i: ffmpeg applies input options only to the input that follows them.
    expect(mjpeg.indexOf('-protocol_whitelist')).toBeLessThan(mjpeg.indexOf('-i'));
    // The checked address is the last one: no redirect to another (where the binary allows it).
    expect(mjpeg[mjpeg.indexOf('-max_redirects') + 1]).toBe('0');
  });
});

describe('buildFfmpegArgs: sound', () => {
  const rtsp = { type: 'rtsp' as const, url: 'rtsp://127.0.0.1:8554/test' };
  const build = (audio: AudioHandling | undefined, recordingMode: 'continuous' | 'off' = 'continuous') =>
    buildFfmpegArgs({ source: rtsp, recordingMode, segmentDir: dir, audio });

  it('copies AAC into the segments and the live feed, if the camera sends any', () => {
    const args = build('copy');
    expect(args.filter((a) => a === '0:a:0?')).toHaveLength(2);
    expect(args.filter((a, i) => a === '-c:a' && args[i + 1] === 'copy')).toHaveLength(2);
    expect(args).not.toContain('tee');
  });
  it('converts other sound to AAC once, shared by both outputs through tee', () => {
    const args = build('aac');
    expect(args.filter((a) => a === '-c:a')).toHaveLength(1);
    expect(after(args, '-c:a')).toBe('aac');
    expect(args[args.lastIndexOf('-map') + 1]).toBe('0:a:0?');
    expect(after(args, '-f')).toBe('tee');
    expect(after(args, '-flags:a')).toBe('+global_header');
  });
  it('converts without tee when nothing is recorded', () => {
    const args = build('aac', 'off');
    expect(after(args, '-c:a')).toBe('aac');
    expect(args).not.toContain('tee');
  });
  it('maps no sound when it is switched off, nor for MJPEG and the test pattern', () => {
    expect(build(undefined).some((a) => a.includes(':a'))).toBe(false);
    const pattern = buildFfmpegArgs({
      source: { type: 'test-pattern' },
      recordingMode: 'continuous',
      segmentDir: dir,
      audio: 'copy',
    });
    expect(pattern.some((a) => a.includes(':a'))).toBe(false);
  });
  it('copies AAC and converts everything else', () => {
    expect(audioHandling('aac')).toBe('copy');
    expect(audioHandling('pcm_mulaw')).toBe('aac');
    expect(audioHandling('opus')).toBe('aac');
    expect(audioHandling('none')).toBeUndefined();
    expect(audioHandling(null)).toBeUndefined();
  });
});
