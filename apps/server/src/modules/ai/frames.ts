import { spawn } from 'node:child_process';
import type { Detection } from '@vigil/shared';

/**
 * Frames for the detectors: a JPEG (what HTTP providers take and thumbnails are), its
 * size read from the JPEG itself, and the RGB pixels the local detector takes, decoded by ffmpeg
 * only when asked. Boxes are drawn by ffmpeg too (drawbox), so no image library is needed.
 */
export interface AiFrame {
  jpeg: Buffer;
  width: number;
  height: number;
  /** RGB24, width × height × 3 bytes (decoded once, on first call). */
  rgb(): Promise<{ data: Uint8Array; width: number; height: number }>;
}

const TIMEOUT_MS = 10_000;

/** Width and height from a JPEG's start-of-frame marker; undefined when it is not a JPEG. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } | undefined {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 9 < jpeg.length) {
    if (jpeg[i] !== 0xff) return undefined;
    const marker = jpeg[i + 1]!;
    const len = jpeg.readUInt16BE(i + 2);
    // SOF0–SOF15, except DHT (c4), JPG (c8) and DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: jpeg.readUInt16BE(i + 5), width: jpeg.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  return undefined;
}

/** Runs ffmpeg on `input` (stdin) and returns its stdout; null when it failed or took too long. */
export function ffmpegPipe(ffmpeg: string, args: string[], input: Buffer): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', ...args], { stdio: ['pipe', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? Buffer.concat(out) : null);
    });
  });
}

export function frameOf(ffmpeg: string, jpeg: Buffer): AiFrame | undefined {
  const size = jpegSize(jpeg);
  if (!size) return undefined;
  let rgb: Promise<{ data: Uint8Array; width: number; height: number }> | undefined;
  return {
    jpeg,
    ...size,
    rgb() {
      rgb ??= ffmpegPipe(
        ffmpeg,
        ['-f', 'mjpeg', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
        jpeg,
      ).then((data) => {
        if (!data || data.length !== size.width * size.height * 3) throw new Error('the frame could not be decoded');
        return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), ...size };
      });
      return rgb;
    },
  };
}

const f = (v: number) => v.toFixed(4);

/** The JPEG with each detection's box drawn (the thumbnail of an `ai.detection` event). */
export async function drawBoxes(ffmpeg: string, jpeg: Buffer, detections: readonly Detection[]): Promise<Buffer> {
  if (detections.length === 0) return jpeg;
  const boxes = detections.slice(0, 20).map(({ box: [x1, y1, x2, y2] }) => {
    const w = Math.max(x2 - x1, 0.001);
    const h = Math.max(y2 - y1, 0.001);
    return `drawbox=x=iw*${f(x1)}:y=ih*${f(y1)}:w=iw*${f(w)}:h=ih*${f(h)}:color=red@0.9:t=3`;
  });
  const out = await ffmpegPipe(
    ffmpeg,
    [
      '-f',
      'mjpeg',
      '-i',
      'pipe:0',
      '-vf',
      boxes.join(','),
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      'pipe:1',
    ],
    jpeg,
  );
  return out && jpegSize(out) ? out : jpeg;
}
