import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';

/**
 * The H.264 encoder live renditions use: a GPU's when ffmpeg can really encode with it, libx264
 * otherwise. An encoder listed by `ffmpeg -encoders` is not one that works (no device, no driver,
 * a container without /dev/dri): each candidate encodes a few frames first, and the first that
 * succeeds is used. Found once at start; the log says which.
 */
export interface H264Encoder {
  /** ffmpeg's encoder name: h264_nvenc, h264_qsv, h264_vaapi or libx264. */
  name: string;
  /** A GPU's: not counted against the software transcode cap. */
  hardware: boolean;
  /** Options before the input (a device to open). */
  inputArgs: string[];
  /** The filter that brings decoded frames to the encoder (scaling goes before it). */
  uploadFilter: string;
  /** Codec options, low-latency and ready for MSE and WebRTC (no B-frames). */
  codecArgs: string[];
}

export const LIBX264: H264Encoder = {
  name: 'libx264',
  hardware: false,
  inputArgs: [],
  uploadFilter: 'format=yuv420p',
  codecArgs: ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-crf', '26'],
};

const NVENC: H264Encoder = {
  name: 'h264_nvenc',
  hardware: true,
  inputArgs: [],
  uploadFilter: 'format=yuv420p',
  codecArgs: ['-c:v', 'h264_nvenc', '-preset', 'p1', '-tune', 'll', '-bf', '0'],
};

const QSV: H264Encoder = {
  name: 'h264_qsv',
  hardware: true,
  inputArgs: [],
  uploadFilter: 'format=nv12',
  codecArgs: ['-c:v', 'h264_qsv', '-preset', 'veryfast', '-bf', '0'],
};

const vaapi = (device: string): H264Encoder => ({
  name: 'h264_vaapi',
  hardware: true,
  inputArgs: ['-vaapi_device', device],
  uploadFilter: 'format=nv12,hwupload',
  codecArgs: ['-c:v', 'h264_vaapi', '-bf', '0'],
});

const TRY_TIMEOUT_MS = 10_000;

function run(ffmpeg: string, args: string[]): Promise<{ ok: boolean; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', () => {});
    const timer = setTimeout(() => child.kill('SIGKILL'), TRY_TIMEOUT_MS);
    child.on('error', () => {
      clearTimeout(timer);
      resolve({ ok: false, out });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, out });
    });
  });
}

/** The argv of a tiny test encode: three black 256×144 frames through the encoder, to nowhere. */
export function testEncodeArgs(enc: H264Encoder): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    ...enc.inputArgs,
    ...['-f', 'lavfi', '-i', 'color=c=black:s=256x144:r=10'],
    ...['-frames:v', '3', '-vf', enc.uploadFilter, ...enc.codecArgs, '-f', 'null', '-'],
  ];
}

/** The candidates ffmpeg lists, most capable first: NVENC, QSV, then VAAPI on each render node. */
export function candidateEncoders(listed: string, renderNodes: string[]): H264Encoder[] {
  const has = (name: string) => new RegExp(`\\s${name}\\s`).test(listed);
  return [
    ...(has('h264_nvenc') ? [NVENC] : []),
    ...(has('h264_qsv') ? [QSV] : []),
    ...(has('h264_vaapi') ? renderNodes.map(vaapi) : []),
  ];
}

/** The encoder found, and how it was chosen (for the start log). */
export interface EncoderChoice {
  encoder: H264Encoder;
  reason: string;
}

async function detect(ffmpeg: string): Promise<EncoderChoice> {
  const listed = await run(ffmpeg, ['-hide_banner', '-encoders']);
  const nodes = await readdir('/dev/dri').then(
    (names) => names.filter((n) => n.startsWith('renderD')).map((n) => `/dev/dri/${n}`),
    () => [] as string[],
  );
  const tried: string[] = [];
  for (const enc of candidateEncoders(listed.out, nodes)) {
    if ((await run(ffmpeg, testEncodeArgs(enc))).ok) {
      const device = enc.inputArgs.length ? ` on ${enc.inputArgs.at(-1)}` : '';
      return { encoder: enc, reason: `hardware encoder ${enc.name}${device}` };
    }
    tried.push(enc.name);
  }
  const why = tried.length ? `${tried.join(', ')} listed but could not encode` : 'no hardware encoder listed';
  return { encoder: LIBX264, reason: `software encoder libx264 (${why})` };
}

const found = new Map<string, Promise<EncoderChoice>>();

/**
 * Finds the encoder to use (LIBX264 when no GPU encodes). Once per ffmpeg binary and process: the
 * hardware does not change while it runs, and several apps in one process (tests) ask alike.
 */
export function detectH264Encoder(ffmpeg: string): Promise<EncoderChoice> {
  let choice = found.get(ffmpeg);
  if (!choice) {
    choice = detect(ffmpeg);
    found.set(ffmpeg, choice);
  }
  return choice;
}
