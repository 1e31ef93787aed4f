import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { type Socket, createServer as createTcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { challengeParams } from '../src/lib/http-digest.ts';

/**
 * A multipart MJPEG camera on 127.0.0.1 (node http), as IP cameras serve one: a steady frame rate,
 * optional HTTP Basic or Digest authentication, and any Content-Type header (some cameras say
 * application/octet-stream). Its Digest check is its own (RFC 7616, MD5, qop=auth), so ffmpeg's
 * client and the probe's are both tested against it.
 */
export interface MjpegCameraOptions {
  /** Frames per second it sends (default 8). */
  fps?: number;
  auth?: { scheme: 'basic' | 'digest'; username: string; password: string };
  /** The Content-Type header of the stream (default multipart/x-mixed-replace; boundary=frame). */
  contentType?: string;
  /** The stream's path (default /video.mjpg); any other path answers 404. */
  path?: string;
}

export interface MjpegCamera {
  url: string;
  /** Requests that got the stream (past authentication). */
  streams: number;
  close(): Promise<void>;
}

let frames: Buffer[] | undefined;

/** 16 real 320×240 JPEGs of ffmpeg's test pattern, made once per process. */
export function testFrames(): Buffer[] {
  if (frames) return frames;
  const out = execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=8', '-frames:v', '16'],
    ...['-c:v', 'mjpeg', '-q:v', '5', '-f', 'image2pipe', 'pipe:1'],
  ]);
  const list: Buffer[] = [];
  let start = out.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  while (start >= 0) {
    const next = out.indexOf(Buffer.from([0xff, 0xd8, 0xff]), start + 3);
    list.push(out.subarray(start, next < 0 ? out.length : next));
    start = next;
  }
  frames = list;
  return list;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

function authorized(req: IncomingMessage, auth: NonNullable<MjpegCameraOptions['auth']>, nonce: string): boolean {
  const header = req.headers.authorization ?? '';
  if (auth.scheme === 'basic')
    return header === `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  if (!/^Digest /i.test(header)) return false;
  const p = challengeParams(header.slice(7));
  if (p.username !== auth.username || p.nonce !== nonce || p.realm !== 'camera') return false;
  const ha1 = md5(`${auth.username}:camera:${auth.password}`);
  const ha2 = md5(`${req.method}:${p.uri}`);
  return p.response === md5(`${ha1}:${nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`);
}

function challenge(res: ServerResponse, auth: NonNullable<MjpegCameraOptions['auth']>, nonce: string) {
  res.writeHead(401, {
    'WWW-Authenticate':
      auth.scheme === 'basic'
        ? 'Basic realm="camera"'
        : `Digest realm="camera", nonce="${nonce}", qop="auth", algorithm=MD5`,
    'Content-Type': 'text/plain',
  });
  res.end('401 Unauthorized');
}

export async function startMjpegCamera(opts: MjpegCameraOptions = {}): Promise<MjpegCamera> {
  const fps = opts.fps ?? 8;
  const path = opts.path ?? '/video.mjpg';
  const jpegs = testFrames();
  const nonce = randomBytes(16).toString('hex');
  const timers = new Set<NodeJS.Timeout>();
  const camera = { url: '', streams: 0, close: async () => {} };
  const server = createServer((req, res) => {
    if (req.url !== path) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('404 Not Found');
      return;
    }
    if (opts.auth && !authorized(req, opts.auth, nonce)) return challenge(res, opts.auth, nonce);
    camera.streams += 1;
    res.writeHead(200, {
      'Content-Type': opts.contentType ?? 'multipart/x-mixed-replace; boundary=frame',
      'Cache-Control': 'no-cache',
    });
    let n = 0;
    const send = () => {
      const jpeg = jpegs[n++ % jpegs.length]!;
      res.write(`--frame\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`);
      res.write(jpeg);
      res.write('\r\n');
    };
    send();
    const timer = setInterval(send, 1000 / fps);
    timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  camera.url = `http://127.0.0.1:${port}${path}`;
  camera.close = async () => {
    for (const t of timers) clearInterval(t);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return camera;
}

/**
 * A loopback port that accepts TCP connections and never answers: what a camera behind a dead
 * route looks like from here (the connection or the first answer times out), without sending
 * anything to another machine.
 */
export async function startSilentPort(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
