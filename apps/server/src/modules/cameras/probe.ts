import { TEST_PATTERN_VIDEO } from '@vigil/shared';
import { spawn } from 'node:child_process';
import type { ProbeResult } from '@vigil/shared';
import { PROTOCOLS } from '../../video/ffmpeg-args.ts';
import { ffmpegTools } from '../../video/ffmpeg-binaries.ts';
import { probeMjpeg } from './mjpeg-probe.ts';
import { failed, failedAs, hostPort } from './probe-result.ts';

/**
 * What to probe: a source with its credentials already put back into the URL, pinned to the
 * address the outbound policy checked (`host` keeps the name it had, for HTTP's Host header).
 */
export type ProbeTarget = { type: 'rtsp' | 'mjpeg'; url: string; host?: string } | { type: 'test-pattern' };

const KILL_AFTER_MS = 8000;
/**
 * ffprobe's RTSP client reports a host that accepts the connection and never answers as "Invalid
 * data found" once its 5 s socket timeout passes, exactly as it reports garbage at once.
 */
const SILENT_TIMEOUT_MS = 4500;

/** The recorder draws the test pattern itself (ffmpeg lavfi) at exactly this format. */
export const TEST_PATTERN: ProbeResult = { ok: true, ...TEST_PATTERN_VIDEO, audio: null, error: null };

export function ffprobeArgs(url: string, rtspTimeoutOption: '-timeout' | '-stimeout' = '-timeout'): string[] {
  return [
    '-v',
    'error',
    ...['-protocol_whitelist', PROTOCOLS.rtsp, '-rtsp_transport', 'tcp', rtspTimeoutOption, '5000000'],
    // Every stream: the picture, and the sound the camera sends with it.
    '-show_entries',
    'stream=codec_type,codec_name,width,height,avg_frame_rate,sample_rate',
    '-of',
    'json',
    url,
  ];
}

/**
 * ffprobe's stderr in words a person can act on: the camera failure kinds by their catalogue
 * sentence. Anything unrecognised loses every URL first: ffprobe echoes the input, and the input
 * can carry the camera's password. `elapsedMs`: how long ffprobe ran.
 */
export function explain(stderr: string, url: string, elapsedMs = 0): ProbeResult {
  if (/Connection refused/i.test(stderr)) return failedAs('camera/refused', hostPort(url));
  if (/401 Unauthorized|authorization failed/i.test(stderr)) return failedAs('camera/unauthorized');
  if (/404 Not Found/i.test(stderr)) return failedAs('camera/not-found');
  if (/resolve hostname|Name or service not known|Temporary failure in name resolution|No address/i.test(stderr))
    return failedAs('camera/host-not-found', new URL(url).hostname);
  if (/timed out|timeout|No route to host|Network is unreachable|Host is unreachable/i.test(stderr))
    return failedAs('camera/unreachable', hostPort(url));
  if (/Invalid data found when processing input/i.test(stderr))
    return elapsedMs >= SILENT_TIMEOUT_MS
      ? failedAs('camera/unreachable', hostPort(url))
      : failedAs('camera/not-video');
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
  return failed(line ? `Could not read the stream: ${line.trim().slice(0, 200)}` : 'Could not read the stream');
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
  if (!v) return failedAs('camera/not-video');
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

/** Runs the real ffprobe against an RTSP source; never throws, a failure is a result with words. */
function probeRtsp(url: string): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const ffprobe = ffmpegTools().ffprobe;
    const started = Date.now();
    const child = spawn(ffprobe.path, ffprobeArgs(url, ffprobe.rtspTimeoutOption), {
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
      if (timedOut) return resolve(failedAs('camera/unreachable', hostPort(url)));
      if (code !== 0) return resolve(explain(stderr, url, Date.now() - started));
      resolve(parseProbe(stdout));
    });
  });
}

/** Probes the source as the recorder will read it; never throws. */
export async function probe(target: ProbeTarget): Promise<ProbeResult> {
  if (target.type === 'test-pattern') return { ...TEST_PATTERN };
  if (target.type === 'mjpeg') return probeMjpeg(target);
  return probeRtsp(target.url);
}
