import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ProbeResult } from '@vigil/shared';
import { authorizationFor } from '../../lib/http-digest.ts';
import { type JpegFrame, JpegFrameScanner } from './jpeg-frames.ts';
import { failed, failedAs, hostPort } from './probe-result.ts';

/** How long frames are counted for the frame rate, from the first whole picture. */
const MEASURE_MS = 2000;
/** Connecting and each wait for an answer or a picture. */
const ANSWER_MS = 5000;

interface Target {
  /** With the credentials in its userinfo, pinned to the checked address. */
  url: string;
  /** The name the URL had before it was pinned (HTTP's Host header, TLS's server name). */
  host?: string;
}

function get(url: URL, target: Target, authorization: string | null): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers: Record<string, string> = target.host ? { host: target.host } : {};
    if (authorization) headers.authorization = authorization;
    const req = send(
      url,
      {
        method: 'GET',
        timeout: ANSWER_MS,
        headers,
        // Cameras serve self-signed certificates; the address was checked before we got here.
        ...(url.protocol === 'https:' ? { rejectUnauthorized: false, servername: target.host?.split(':')[0] } : {}),
      },
      resolve,
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.end();
  });
}

function networkFailure(e: unknown, url: string): ProbeResult {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  if (code === 'ECONNREFUSED') return failedAs('camera/refused', hostPort(url));
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return failedAs('camera/host-not-found', new URL(url).hostname);
  if (['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET'].includes(code))
    return failedAs('camera/unreachable', hostPort(url));
  return failed(`Could not read the stream: ${code || 'connection failed'}`);
}

/**
 * "Test connection" for an MJPEG camera: the stream is read as the recorder's ffmpeg reads it
 * (the same Basic or Digest answer to a 401, no redirects followed, JPEGs found by their bytes
 * whatever the Content-Type), for a couple of seconds, and the frame rate is the pictures' arrival
 * rate. Never throws; no message carries the credentials.
 */
export async function probeMjpeg(target: Target): Promise<ProbeResult> {
  const url = new URL(target.url);
  const credentials =
    url.username || url.password
      ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
      : null;
  url.username = '';
  url.password = '';
  let res: IncomingMessage;
  try {
    res = await get(url, target, null);
    const challenge = res.headers['www-authenticate'];
    if (res.statusCode === 401 && credentials && challenge) {
      const authorization = authorizationFor(String(challenge), credentials, 'GET', url.pathname + url.search);
      if (authorization) {
        res.resume();
        res = await get(url, target, authorization);
      }
    }
  } catch (e) {
    return networkFailure(e, url.toString());
  }
  const status = res.statusCode ?? 0;
  if (status !== 200) {
    res.destroy();
    if (status === 401) return failedAs('camera/unauthorized');
    if (status === 404) return failedAs('camera/not-found');
    return failed(`The camera answered HTTP ${status}`);
  }
  return readFrames(res);
}

/** Counts whole pictures for MEASURE_MS after the first; resolves when done or when the stream ends. */
function readFrames(res: IncomingMessage): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const scanner = new JpegFrameScanner();
    const arrivals: number[] = [];
    let first: JpegFrame | undefined;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      res.destroy();
      // One picture and the end: a snapshot URL, which ffmpeg would record as one frame at a time.
      if (!first || arrivals.length < 2) return resolve(failedAs('camera/not-video'));
      const seconds = (arrivals.at(-1)! - arrivals[0]!) / 1000;
      const fps = seconds > 0 ? Math.round(((arrivals.length - 1) / seconds) * 10) / 10 : null;
      // An MJPEG stream carries pictures only: sound, where a camera has it, comes another way.
      resolve({ ok: true, codec: 'mjpeg', width: first.width, height: first.height, fps, audio: null, error: null });
    };
    // No picture within ANSWER_MS of the answer, or too few to measure, ends it too.
    let timer = setTimeout(finish, ANSWER_MS);
    res.on('data', (chunk: Buffer) => {
      const now = Date.now();
      for (const frame of scanner.push(chunk)) {
        first ??= frame;
        arrivals.push(now);
        if (arrivals.length === 1) {
          clearTimeout(timer);
          timer = setTimeout(finish, MEASURE_MS + ANSWER_MS);
        }
      }
      if (scanner.overflowed) finish();
      else if (arrivals.length > 1 && now - arrivals[0]! >= MEASURE_MS) finish();
    });
    res.on('close', finish);
    res.on('error', finish);
  });
}
