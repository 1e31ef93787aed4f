import { TEST_PATTERN_VIDEO } from '@vigil/shared';
import path from 'node:path';

/**
 * The argv of the one ffmpeg that serves a camera (pure: no I/O). The same process writes the
 * recording segments and the live feed on stdout, so a camera is connected to exactly once.
 */
export type CameraSource =
  | { type: 'rtsp'; url: string; username?: string | null; password?: string | null }
  | { type: 'mjpeg'; url: string }
  | { type: 'test-pattern' };

export type RecordingMode = 'continuous' | 'motion' | 'off';

export interface FfmpegArgsInput {
  source: CameraSource;
  recordingMode: RecordingMode;
  /** Absolute directory the segments go to (media/<workspace>/<camera>/segments). */
  segmentDir: string;
  /** Seconds per segment (10 by default; tests use 2). */
  segmentSeconds?: number;
}

export const DEFAULT_SEGMENT_SECONDS = 10;
/** strftime pattern of segment files; the process runs with TZ=UTC so the Z is true. */
export const SEGMENT_PATTERN = '%Y%m%dT%H%M%SZ.mp4';
/** fMP4 that survives a kill -9: every fragment is self-describing and the moov comes first. */
const FRAG_FLAGS = '+frag_keyframe+empty_moov+default_base_moof';
const RTSP_SOCKET_TIMEOUT_US = 5_000_000;
const KEYFRAME_SECONDS = 2;

/** Puts the credentials into the URL's userinfo, percent-encoded (a user "a@b" must not split the host). */
export function withCredentials(url: string, username?: string | null, password?: string | null): string {
  if (!username && !password) return url;
  const u = new URL(url);
  // WHATWG URL setters percent-encode only some characters; encode all reserved ones ourselves.
  u.username = encodeURIComponent(username ?? '');
  u.password = encodeURIComponent(password ?? '');
  return u.toString();
}

function inputArgs(source: CameraSource): string[] {
  switch (source.type) {
    case 'rtsp':
      // TCP interleaving: no lost UDP packets, works through NAT; -timeout makes a dead camera fail in 5 s.
      return [
        '-rtsp_transport',
        'tcp',
        '-timeout',
        String(RTSP_SOCKET_TIMEOUT_US),
        '-i',
        withCredentials(source.url, source.username, source.password),
      ];
    case 'mjpeg':
      // MJPEG over HTTP carries no timestamps: stamp frames with the arrival time.
      return ['-use_wallclock_as_timestamps', '1', '-f', 'mjpeg', '-i', source.url];
    case 'test-pattern':
      // -re paces the synthetic source at real time, so its timestamps are wall-clock spaced.
      return [
        '-re',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${TEST_PATTERN_VIDEO.width}x${TEST_PATTERN_VIDEO.height}:rate=${TEST_PATTERN_VIDEO.fps}`,
      ];
  }
}

/** True when the camera's video must be encoded (everything that is not already H.264). */
export function needsTranscode(source: CameraSource): boolean {
  return source.type !== 'rtsp';
}

function encoderArgs(source: CameraSource): string[] {
  if (!needsTranscode(source)) return ['-c:v', 'copy'];
  // A keyframe every 2 s: segment cuts and a new live viewer never wait longer.
  const gop = source.type === 'test-pattern' ? String(TEST_PATTERN_VIDEO.fps * 2) : '60';
  return [
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-crf',
    '30',
    '-pix_fmt',
    'yuv420p',
    '-g',
    gop,
    // MJPEG frame rates are unknown and variable: force a keyframe every 2 s of time.
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    // The tee muxer hands one encoded stream to two mp4 muxers, which need the avcC up front.
    '-flags',
    '+global_header',
  ];
}

function segmentOptions(seconds: number): [string, string][] {
  return [
    ['segment_time', String(seconds)],
    ['segment_format', 'mp4'],
    ['segment_format_options', `movflags=${FRAG_FLAGS}`],
    ['reset_timestamps', '1'],
    ['strftime', '1'],
  ];
}

/** Builds the full argv (without the ffmpeg binary itself). */
export function buildFfmpegArgs(input: FfmpegArgsInput): string[] {
  const seconds = input.segmentSeconds ?? DEFAULT_SEGMENT_SECONDS;
  const segmentPath = path.join(input.segmentDir, SEGMENT_PATTERN);
  const record = input.recordingMode !== 'off';
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', ...inputArgs(input.source)];
  // Video only for now: camera audio (G.711, AAC…) is not yet muxed for MSE.
  args.push('-map', '0:v:0', ...encoderArgs(input.source));
  const segOpts = segmentOptions(seconds);
  const liveOpts: [string, string][] = [
    ['movflags', FRAG_FLAGS],
    ['frag_duration', '200000'],
  ];

  if (needsTranscode(input.source) && record) {
    // Encode once, mux twice: tee shares the encoded packets (two outputs would mean two encoders).
    const tee = (opts: [string, string][]) => opts.map(([k, v]) => `${k}=${v.replaceAll('=', '\\=')}`).join(':');
    const seg = `[f=segment:${tee(segOpts)}]${segmentPath}`;
    const live = `[f=mp4:${tee(liveOpts)}]pipe:1`;
    args.push('-f', 'tee', `${seg}|${live}`);
    return args;
  }
  if (record) {
    args.push('-f', 'segment');
    for (const [k, v] of segOpts) args.push(`-${k}`, v);
    args.push(segmentPath);
    args.push('-map', '0:v:0', '-c:v', 'copy');
  }
  args.push('-f', 'mp4');
  for (const [k, v] of liveOpts) args.push(`-${k}`, v);
  args.push('pipe:1');
  return args;
}
