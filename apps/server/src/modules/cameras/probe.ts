import { TEST_PATTERN_VIDEO } from '@vigil/shared';
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ProbeResult } from '@vigil/shared';
import { PROTOCOLS } from '../../video/ffmpeg-args.ts';
import { ffmpegTools } from '../../video/ffmpeg-binaries.ts';

/**
 * What to probe: a source with its credentials already put back into the URL, pinned to the
 * address the outbound policy checked (`host` keeps the name it had, for HTTP's Host header).
 */
export type ProbeTarget = { type: 'rtsp' | 'mjpeg'; url: string; host?: string } | { type: 'test-pattern' };

const KILL_AFTER_MS = 8000;

/** The recorder draws the test pattern itself (ffmpeg lavfi) at exactly this format. */
export const TEST_PATTERN: ProbeResult = { ok: true, ...TEST_PATTERN_VIDEO, audio: null, error: null };

/** A probe that found nothing usable, with the reason in words. */
export const failed = (error: string): ProbeResult => ({
  ok: false,
  codec: null,
  width: null,
  height: null,
  fps: null,
  audio: null,
  error,
});

export function ffprobeArgs(
  target: { type: 'rtsp' | 'mjpeg'; url: string },
  rtspTimeoutOption: '-timeout' | '-stimeout' = '-timeout',
  httpMaxRedirects = true,
): string[] {
  const input =
    target.type === 'rtsp'
      ? ['-protocol_whitelist', PROTOCOLS.rtsp, '-rtsp_transport', 'tcp', rtspTimeoutOption, '5000000']
      : [
          ...['-protocol_whitelist', PROTOCOLS.mjpeg, '-timeout', '5000000', '-f', 'mjpeg'],
          ...(httpMaxRedirects ? ['-max_redirects', '0'] : []),
        ];
  return [
    '-v',
    'error',
    ...input,
    // Every stream: the picture, and the sound the camera sends with it.
    '-show_entries',
    'stream=codec_type,codec_name,width,height,avg_frame_rate,sample_rate',
    '-of',
    'json',
    target.url,
  ];
}

function hostPort(url: string): string {
  try {
    const u = new URL(url);
    const port = u.port || { 'rtsp:': '554', 'rtsps:': '322', 'http:': '80', 'https:': '443' }[u.protocol] || '';
    return `${u.hostname}:${port}`;
  } catch {
    return 'the camera address';
  }
}

/**
 * ffprobe's stderr in words a person can act on. Anything unrecognised loses every URL first:
 * ffprobe echoes the input, and the input can carry the camera's password.
 */
export function explain(stderr: string, url: string): string {
  if (/Connection refused/i.test(stderr)) return `Connection refused — nothing is listening at ${hostPort(url)}`;
  if (/401 Unauthorized|authorization failed/i.test(stderr))
    return 'Camera rejected the username or password (401 Unauthorized)';
  if (/404 Not Found/i.test(stderr)) return 'Stream not found on the camera (404) — check the path';
  if (/resolve hostname|Name or service not known|Temporary failure in name resolution|No address/i.test(stderr))
    return 'Host not found';
  if (/timed out|timeout/i.test(stderr)) return 'Timed out after 8 s — is the camera reachable?';
  const line =
    stderr
      .split('\n')
      .map((l) =>
        l
          .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '')
          .replace(/^\[[^\]]*\]\s*/, '')
          .replace(/^:\s*/, ''),
      )
      .filter((l) => l.trim())
      .at(-1) ?? '';
  return line ? `Could not read the stream: ${line.trim().slice(0, 200)}` : 'Could not read the stream';
}

function fps(rate: string | undefined): number | null {
  const [n, d] = (rate ?? '').split('/').map(Number);
  if (!n || !d) return null;
  return Math.round((n / d) * 100) / 100;
}

export function parseProbe(stdout: string): ProbeResult {
  type Stream = {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    sample_rate?: string;
  };
  let streams: Stream[] = [];
  try {
    streams = JSON.parse(stdout).streams ?? [];
  } catch {
    streams = [];
  }
  // Without codec_type (an older answer), the first stream is the picture.
  const v = streams.find((s) => s.codec_type === 'video') ?? (streams[0]?.codec_type ? undefined : streams[0]);
  if (!v) return failed('No video stream in this source');
  const a = streams.find((s) => s.codec_type === 'audio' && s.codec_name);
  return {
    ok: true,
    codec: v.codec_name ?? null,
    width: v.width ?? null,
    height: v.height ?? null,
    fps: fps(v.avg_frame_rate),
    audio: a ? { codec: a.codec_name!, sampleRate: Number(a.sample_rate) || null } : null,
    error: null,
  };
}

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);
const SNIFF_BYTES = 256 * 1024;

/**
 * An MJPEG camera answers a GET with multipart JPEG frames (or a JPEG): anything else (a JSON
 * health page, an HTML login) is not one, whatever ffprobe's mjpeg demuxer makes of it. `host` is
 * the name the URL had before it was pinned to its checked address.
 */
export function sniffMjpeg(url: string, host?: string): Promise<string | null> {
  return new Promise((resolve) => {
    const u = new URL(url);
    const get = u.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = get(
      u,
      {
        method: 'GET',
        timeout: 5000,
        headers: host ? { host } : {},
        // Cameras serve self-signed certificates; the address was checked before we got here.
        ...(u.protocol === 'https:' ? { rejectUnauthorized: false, servername: host } : {}),
      },
      (res) => {
        const type = String(res.headers['content-type'] ?? 'no content type');
        if ((res.statusCode ?? 0) >= 400) {
          res.destroy();
          return resolve(
            res.statusCode === 401
              ? 'Camera rejected the username or password (401 Unauthorized)'
              : `The camera answered HTTP ${res.statusCode}`,
          );
        }
        let seen = Buffer.alloc(0);
        res.on('data', (d: Buffer) => {
          seen = Buffer.concat([seen, d]);
          if (seen.includes(JPEG_START)) {
            res.destroy();
            resolve(/^(multipart\/|image\/jpe?g)/i.test(type) ? null : `Not an MJPEG stream (it answered ${type})`);
          } else if (seen.length > SNIFF_BYTES) res.destroy();
        });
        res.on('close', () => resolve(`Not an MJPEG stream: no JPEG picture in its answer (${type.slice(0, 60)})`));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) =>
      resolve(/timeout/.test(e.message) ? 'Timed out after 5 s — is the camera reachable?' : explain(e.message, url)),
    );
    req.end();
  });
}

/** Runs the real ffprobe against the source; never throws, a failure is a result with words. */
export async function probe(target: ProbeTarget): Promise<ProbeResult> {
  if (target.type === 'test-pattern') return { ...TEST_PATTERN };
  if (target.type === 'mjpeg') {
    const notMjpeg = await sniffMjpeg(target.url, target.host);
    if (notMjpeg) return failed(notMjpeg);
  }
  return new Promise((resolve) => {
    const ffprobe = ffmpegTools().ffprobe;
    const child = spawn(ffprobe.path, ffprobeArgs(target, ffprobe.rtspTimeoutOption, ffprobe.httpMaxRedirects), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    // ffprobe's own -timeout covers connecting; this covers a camera that accepts and then stalls.
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, KILL_AFTER_MS);
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < 64_000) stdout += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 16_000) stderr += d;
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(failed('ffprobe is not installed on the server'));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return resolve(failed('Timed out after 8 s — is the camera reachable?'));
      if (code !== 0) return resolve(failed(explain(stderr, target.url)));
      resolve(parseProbe(stdout));
    });
  });
}
