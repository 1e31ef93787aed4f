import { TEST_PATTERN_VIDEO } from '@vigil/shared';
import path from 'node:path';
import { MOTION_FRAME } from './motion-detector.ts';

/**
 * The argv of the one ffmpeg that serves a camera (pure: no I/O). The same process writes the
 * recording segments and the live feed on stdout, so a camera is connected to exactly once.
 */
export type CameraSource =
  | { type: 'rtsp' | 'mjpeg'; url: string; username?: string | null; password?: string | null }
  | { type: 'test-pattern' };

export type RecordingMode = 'continuous' | 'motion' | 'off';

export interface FfmpegArgsInput {
  source: CameraSource;
  recordingMode: RecordingMode;
  /** Absolute directory the segments go to (media/<workspace>/<camera>/segments). */
  segmentDir: string;
  /** The writer tag in the file names (paths.ts writerTag: the lease's epoch); '' or absent: none. */
  writer?: string;
  /** Seconds per segment (10 by default; tests use 2). */
  segmentSeconds?: number;
  /** How this ffmpeg spells the RTSP socket timeout (ffmpeg-binaries.ts): `-timeout` since 5.0. */
  rtspTimeoutOption?: '-timeout' | '-stimeout';
  /** Whether this ffmpeg takes `-max_redirects` (then MJPEG sources may not redirect at all). */
  httpMaxRedirects?: boolean;
  /**
   * Motion detection frames on fd 3 (always for the "motion" recording mode). With a substream
   * (RTSP cameras), the substream is decoded for them; otherwise only the main stream's keyframes.
   */
  motion?: { substream?: { url: string; username?: string | null; password?: string | null } };
  /**
   * The camera's sound, recorded and sent live with the picture (RTSP cameras): `copy` when it
   * sends AAC, `aac` to convert anything else (G.711, Opus: MP4 and MSE want AAC). Absent: none.
   */
  audio?: AudioHandling;
}

export type AudioHandling = 'copy' | 'aac';

/** How a camera's sound is recorded, from the codec it sends (ffprobe's name; 'none' or null: no sound). */
export function audioHandling(codec: string | null | undefined): AudioHandling | undefined {
  if (!codec || codec === 'none') return undefined;
  return codec === 'aac' ? 'copy' : 'aac';
}

export const DEFAULT_SEGMENT_SECONDS = 10;
/** strftime pattern of segment files; the process runs with TZ=UTC so the Z is true. */
export const SEGMENT_PATTERN = '%Y%m%dT%H%M%SZ.mp4';

/** The pattern with a writer tag (paths.ts): `%Y%m%dT%H%M%SZ-e7.mp4`. */
export function segmentPattern(writer?: string): string {
  return writer ? SEGMENT_PATTERN.replace('.mp4', `-${writer}.mp4`) : SEGMENT_PATTERN;
}
/** fMP4 that survives a kill -9: every fragment is self-describing and the moov comes first. */
const FRAG_FLAGS = '+frag_keyframe+empty_moov+default_base_moof';
/** Socket timeout of camera connections (RTSP and HTTP): a dead camera fails in 5 s. */
const RTSP_SOCKET_TIMEOUT_US = 5_000_000;
const KEYFRAME_SECONDS = 2;
/**
 * The only protocols ffmpeg may open for each source type: a URL (or a playlist or SDP the camera
 * sends back) cannot make it read files, run subprotocols or reach other services.
 */
export const PROTOCOLS = { rtsp: 'rtsp,rtsps,rtp,srtp,udp,tcp,tls', mjpeg: 'http,https,tcp,tls' } as const;

/** Puts the credentials into the URL's userinfo, percent-encoded (a user "a@b" must not split the host). */
export function withCredentials(url: string, username?: string | null, password?: string | null): string {
  if (!username && !password) return url;
  const u = new URL(url);
  // WHATWG URL setters percent-encode only some characters; encode all reserved ones ourselves.
  u.username = encodeURIComponent(username ?? '');
  u.password = encodeURIComponent(password ?? '');
  return u.toString();
}

function inputArgs(
  source: CameraSource,
  rtspTimeoutOption: '-timeout' | '-stimeout',
  httpMaxRedirects: boolean,
): string[] {
  switch (source.type) {
    case 'rtsp':
      // TCP interleaving: no lost UDP packets, works through NAT; -timeout makes a dead camera fail in 5 s.
      // Packets are stamped on arrival, as Frigate does: a camera's clock can jump back within a
      // session (an encoder restart; a shared stream reset when another client drops), and ffmpeg
      // then squeezed every copied timestamp to +1 tick until the clock caught up — minutes of
      // footage indexed as milliseconds. The cost: pts = dts, so a camera that sends B-frames
      // plays them in decode order (IP cameras almost never do; docs/areas/recorder.md).
      return [
        ...['-protocol_whitelist', PROTOCOLS.rtsp],
        ...['-use_wallclock_as_timestamps', '1'],
        '-rtsp_transport',
        'tcp',
        rtspTimeoutOption,
        String(RTSP_SOCKET_TIMEOUT_US),
        '-i',
        withCredentials(source.url, source.username, source.password),
      ];
    case 'mjpeg':
      // MJPEG over HTTP carries no timestamps: stamp frames with the arrival time, and keep those
      // stamps (passthrough), so the recording runs at the camera's real rate instead of frames
      // repeated up to the demuxer's nominal 25 fps. The nominal rate is the stamps' resolution
      // only: 100 gives 10 ms steps, fine enough for a 30 fps camera.
      // The mjpeg demuxer finds the JPEGs by their bytes, whatever the Content-Type; ffmpeg's http
      // protocol answers a Basic or Digest challenge with the URL's credentials.
      return [
        ...['-protocol_whitelist', PROTOCOLS.mjpeg],
        // The address was checked; a redirect would lead ffmpeg somewhere that was not.
        ...(httpMaxRedirects ? ['-max_redirects', '0'] : []),
        // A camera that never answers (or stops) fails in 5 s as "timed out", like RTSP's.
        ...['-timeout', String(RTSP_SOCKET_TIMEOUT_US)],
        ...['-use_wallclock_as_timestamps', '1', '-framerate', '100', '-vsync', 'passthrough'],
        ...['-f', 'mjpeg', '-i', withCredentials(source.url, source.username, source.password)],
      ];
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

/**
 * The sound's map and codec. `0:a:0?`: a camera that sends none (or stopped sending it) records
 * its picture as before. Converted sound is AAC at 32 kb/s, plenty for a camera's microphone
 * (G.711 is 8 kHz speech); the fast coder costs a fifth less CPU than the default two-loop search
 * (measured: 22 against 27 ticks a minute for a G.711 camera), which speech does not hear; the
 * encoder writes its config up front for the tee muxer.
 */
function audioArgs(audio: AudioHandling | undefined): string[] {
  if (!audio) return [];
  if (audio === 'copy') return ['-map', '0:a:0?', '-c:a', 'copy'];
  return ['-map', '0:a:0?', '-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '32k', '-flags:a', '+global_header'];
}

function segmentOptions(seconds: number): [string, string][] {
  return [
    ['segment_time', String(seconds)],
    // Cut on the wall clock (at each multiple of segment_time), whatever the packets' timestamps
    // say: a camera clock that jumped back stalled the cuts until it caught up, and one file grew
    // for minutes.
    ['segment_atclocktime', '1'],
    ['segment_format', 'mp4'],
    // flush_packets: each fragment reaches the file as it closes. Without it the mp4 muxer's 32 KB
    // write buffer held a few seconds of fragments, and a kill -9 left a file with no fragment.
    ['segment_format_options', `movflags=${FRAG_FLAGS}:flush_packets=1`],
    ['reset_timestamps', '1'],
    ['strftime', '1'],
  ];
}

/** The file descriptor motion frames are written to (the supervisor opens it as a pipe). */
export const MOTION_FD = 3;

/**
 * How motion frames are made (DESIGN §7), cheapest first:
 * - `keyframes`: an RTSP main stream is copied, never decoded by the camera's ffmpeg; Node picks
 *   keyframes from the live feed and the recorder's shared keyframe decoder turns the ones the
 *   motion sampler asks for into motion frames (keyframe-motion.ts, decision 0022).
 * - `substream`: the camera's low-resolution stream, decoded whole and sampled at 5 fps.
 * - `decoded`: MJPEG and the test pattern are decoded anyway (they are encoded to H.264): sample
 *   the decoded pictures at 5 fps.
 */
export type MotionSourceMode = 'keyframes' | 'substream' | 'decoded';

export function motionSourceMode(
  input: Pick<FfmpegArgsInput, 'source' | 'motion' | 'recordingMode'>,
): MotionSourceMode | undefined {
  // "On motion" recording cannot do without it.
  const motion = input.motion ?? (input.recordingMode === 'motion' ? {} : undefined);
  if (!motion) return undefined;
  if (needsTranscode(input.source)) return 'decoded';
  return motion.substream ? 'substream' : 'keyframes';
}

/**
 * MOTION_FRAME-sized gray pictures: the area scaler averages each output pixel over the camera
 * pixels it covers, which smooths sensor noise and compression blocks before the detector sees them.
 */
export function motionScaleFilter(): string {
  const { width, height } = MOTION_FRAME;
  return `scale=${width}:${height}:flags=area,format=gray`;
}

/**
 * The motion output of a camera's ffmpeg (the `substream` and `decoded` modes): motion frames at
 * MOTION_FRAME.fps, raw, on fd 3; every packet is flushed so a frame reaches Node when it is made,
 * not when a 32 kB buffer fills.
 *
 * One encoder thread: the rawvideo "encoder" is frame-threaded, and with more than one thread (ffmpeg
 * picks as many as there are cores) it hands a frame on only when the next one comes in (decision 0005).
 */
export function motionOutputArgs(mode: Exclude<MotionSourceMode, 'keyframes'> = 'decoded'): string[] {
  return [
    '-map',
    mode === 'substream' ? '1:v:0' : '0:v:0',
    '-vf',
    `fps=${MOTION_FRAME.fps},${motionScaleFilter()}`,
    '-threads',
    '1',
    '-c:v',
    'rawvideo',
    '-f',
    'rawvideo',
    '-flush_packets',
    '1',
    `pipe:${MOTION_FD}`,
  ];
}

/**
 * Decoder options for a stream that is decoded only for motion: no deblocking (a 96×54 gray
 * picture cannot tell) and one thread (frame threads each hold a full-size frame).
 */
export const MOTION_DECODE_ARGS = ['-threads', '1', '-skip_loop_filter', 'all'];
/**
 * A substream is probed while the main stream's packets wait: ffmpeg's default 5 s window would
 * delay the first live frame and segment. A short window is enough, since only the video is used
 * and the SPS says its size.
 */
export const SHORT_PROBE_ARGS = ['-analyzeduration', '1000000', '-probesize', '500000'];

/** Builds the full argv (without the ffmpeg binary itself). */
export function buildFfmpegArgs(input: FfmpegArgsInput): string[] {
  const seconds = input.segmentSeconds ?? DEFAULT_SEGMENT_SECONDS;
  const segmentPath = path.join(input.segmentDir, segmentPattern(input.writer));
  const record = input.recordingMode !== 'off';
  const mode = motionSourceMode(input);
  // Keyframes are decoded outside this process (keyframe-decoder.ts): it only copies.
  const motion = mode && mode !== 'keyframes' ? motionOutputArgs(mode) : [];
  const timeout = input.rtspTimeoutOption ?? '-timeout';
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    ...inputArgs(input.source, timeout, input.httpMaxRedirects ?? true),
  ];
  const sub = input.motion?.substream;
  if (mode === 'substream' && sub) {
    // A short probe: while this second input is probed, the first one's packets wait.
    args.push(...MOTION_DECODE_ARGS, ...SHORT_PROBE_ARGS, ...inputArgs({ type: 'rtsp', ...sub }, timeout, true));
  }
  const audio = input.source.type === 'rtsp' ? audioArgs(input.audio) : [];
  args.push('-map', '0:v:0', ...encoderArgs(input.source), ...audio);
  const segOpts = segmentOptions(seconds);
  // One fragment per frame, flushed at once: a frame reaches Node one frame interval after
  // capture (the muxer closes a fragment when the next frame arrives), which WebRTC and MSE
  // latency depend on; 200 ms fragments added ~100 ms on average.
  const liveOpts: [string, string][] = [
    ['movflags', `${FRAG_FLAGS}+frag_every_frame`],
    ['flush_packets', '1'],
  ];

  const encodes = needsTranscode(input.source) || (input.source.type === 'rtsp' && input.audio === 'aac');
  if (encodes && record) {
    // Encode once, mux twice: tee shares the encoded packets (two outputs would mean two encoders).
    // Inside a tee slave, ':' separates options and '=' splits them: a value's own are escaped.
    const tee = (opts: [string, string][]) =>
      opts.map(([k, v]) => `${k}=${v.replaceAll('=', '\\=').replaceAll(':', '\\:')}`).join(':');
    const seg = `[f=segment:${tee(segOpts)}]${segmentPath}`;
    const live = `[f=mp4:${tee(liveOpts)}]pipe:1`;
    args.push('-f', 'tee', `${seg}|${live}`, ...motion);
    return args;
  }
  if (record) {
    args.push('-f', 'segment');
    for (const [k, v] of segOpts) args.push(`-${k}`, v);
    args.push(segmentPath);
    args.push('-map', '0:v:0', '-c:v', 'copy', ...audio);
  }
  args.push('-f', 'mp4');
  for (const [k, v] of liveOpts) args.push(`-${k}`, v);
  args.push('pipe:1', ...motion);
  return args;
}
