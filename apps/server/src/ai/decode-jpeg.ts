import { spawn } from 'node:child_process';
import { AppError } from '../lib/app-error.ts';
import { ffmpegTools } from '../video/ffmpeg-binaries.ts';

/** A picture as the detector takes it: packed RGB, 3 bytes a pixel, rows top to bottom. */
export interface RgbFrame {
  data: Uint8Array;
  width: number;
  height: number;
}

type SharpFn = typeof import('sharp').default;
let sharpLoaded: Promise<SharpFn | undefined> | undefined;

/**
 * sharp (libvips and libjpeg-turbo, prebuilt binaries that install from the npm registry), or
 * undefined on a platform it has no build for: decoding then falls back to an ffmpeg process.
 * One libvips thread: the detector's cost stays on one core, and a decode is ~10 ms.
 */
function sharpModule(): Promise<SharpFn | undefined> {
  sharpLoaded ??= import('sharp').then<SharpFn | undefined, undefined>(
    (m) => {
      m.default.concurrency(1);
      m.default.cache(false);
      return m.default;
    },
    () => undefined,
  );
  return sharpLoaded;
}

/**
 * A JPEG (a camera snapshot, a keyframe) → packed RGB for the detector, scaled so its longer side
 * is at most `maxSide` (the detector's input is 512 px: a larger frame only costs the worker a
 * resize). libjpeg decodes at a fraction of the size when the picture is at least twice too large
 * (DCT scaling: a 1280×1158 photograph costs ~10 CPU-ms instead of a full decode's 140), and off the
 * event loop (libuv's pool). Without sharp, the ffmpeg Vigil already runs (docs/decisions/0003)
 * decodes and scales in one pass, at the cost of a process.
 */
export async function decodeJpegToRgb(jpeg: Uint8Array, { maxSide = 512 } = {}): Promise<RgbFrame> {
  const size = jpegSize(jpeg);
  if (!size) throw new AppError('invalid-argument', 'not a JPEG picture');
  const sharp = await sharpModule();
  if (sharp) return decodeWithSharp(sharp, jpeg, maxSide);
  const scale = Math.min(1, maxSide / Math.max(size.width, size.height));
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const args = ['-v', 'error', '-f', 'image2pipe', '-c:v', 'mjpeg', '-i', 'pipe:0'];
  args.push('-vf', `scale=${width}:${height}`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1');
  const data = await run(ffmpegTools().ffmpeg.path, args, jpeg);
  if (data.length !== width * height * 3) {
    throw new AppError('invalid-argument', `the JPEG did not decode to ${width}×${height} (got ${data.length} bytes)`);
  }
  return { data, width, height };
}

/** At most 40 Mpx in (a larger "JPEG" is refused before its pixels are decoded). */
const MAX_INPUT_PIXELS = 40_000_000;

async function decodeWithSharp(sharp: SharpFn, jpeg: Uint8Array, maxSide: number): Promise<RgbFrame> {
  try {
    const { data, info } = await sharp(jpeg, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 || data.length !== info.width * info.height * 3)
      throw new Error(`${info.channels} channels, ${data.length} bytes for ${info.width}×${info.height}`);
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch (e) {
    throw new AppError('invalid-argument', `the JPEG could not be decoded: ${e instanceof Error ? e.message : e}`);
  }
}

/** Width and height from a JPEG's start-of-frame marker (baseline, progressive, any SOFn). */
export function jpegSize(jpeg: Uint8Array): { width: number; height: number } | undefined {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 9 < jpeg.length) {
    if (jpeg[i] !== 0xff) return undefined;
    const marker = jpeg[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    const length = ((jpeg[i + 2] ?? 0) << 8) | (jpeg[i + 3] ?? 0);
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = ((jpeg[i + 5] ?? 0) << 8) | (jpeg[i + 6] ?? 0);
      const width = ((jpeg[i + 7] ?? 0) << 8) | (jpeg[i + 8] ?? 0);
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    if (marker === 0xda || length < 2) return undefined; // start of scan before any frame header
    i += 2 + length;
  }
  return undefined;
}

function run(command: string, args: string[], input: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      if (err.length < 2000) err += c.toString();
    });
    child.stdin.on('error', () => {}); // ffmpeg may close its input early on a broken picture
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(new Uint8Array(Buffer.concat(out)));
      else
        reject(
          new AppError('invalid-argument', `the JPEG could not be decoded: ${err.trim() || `ffmpeg exit ${code}`}`),
        );
    });
    child.stdin.end(input);
  });
}
