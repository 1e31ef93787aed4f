import { spawn } from 'node:child_process';
import { AppError } from '../lib/app-error.ts';
import { ffmpegTools } from '../video/ffmpeg-binaries.ts';
import type { RgbFrame } from './local-detector.ts';

/**
 * A JPEG (a camera snapshot, a keyframe) → packed RGB for the detector, scaled so its longer side
 * is at most `maxSide` (the detector's input is 512 px square: a larger frame only costs the
 * worker a resize). No native module: the ffmpeg Vigil already runs (docs/decisions/0003) decodes
 * and scales in one pass. The size comes from the JPEG's own header, so the output size is known
 * before ffmpeg answers and checked against what it wrote.
 */
export async function decodeJpegToRgb(jpeg: Uint8Array, { maxSide = 512 } = {}): Promise<RgbFrame> {
  const size = jpegSize(jpeg);
  if (!size) throw new AppError('invalid-argument', 'not a JPEG picture');
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
