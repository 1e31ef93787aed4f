import { cameraFailureMessage } from '@vigil/shared';
import { redactCredentials } from '../lib/redact.ts';

/** host:port of the connection ffmpeg names (`tcp://…`), else of the first stream URL it echoes. */
function targetIn(text: string): string | null {
  const tcp = /Connection to tcp:\/\/([^?\s/]+)/.exec(text);
  if (tcp) return tcp[1]!;
  const url = /(?:rtsps?|https?):\/\/(?:[^\s/@]*@)?([^\s/:?]+(?::\d+)?)/i.exec(text);
  return url ? url[1]! : null;
}

/**
 * Turns ffmpeg's stderr into one sentence a person can act on (shown as the camera's lastError);
 * the camera's failure kinds use the shared catalogue's sentences. Most specific patterns first;
 * the raw last line is the fallback.
 */
const RULES: [RegExp, (m: RegExpExecArray, text: string) => string][] = [
  // Not the camera: the recorder's own disk (the disk guard keeps this from happening when on).
  [
    /No space left on device|ENOSPC/i,
    () => 'The media disk is full: free space, or let the disk guard delete old footage (Admin › Settings)',
  ],
  [/401 Unauthorized|authorization failed/i, () => cameraFailureMessage('camera/unauthorized')],
  [/403 Forbidden/i, () => 'Camera refused access to this stream (403)'],
  [/404 Not Found|Server returned 404/i, () => cameraFailureMessage('camera/not-found')],
  [/Connection refused/i, (_m, text) => cameraFailureMessage('camera/refused', targetIn(text))],
  [
    /Failed to resolve hostname ([^\s:]+)|Name or service not known|Temporary failure in name resolution/i,
    (m, text) => cameraFailureMessage('camera/host-not-found', m[1] ?? targetIn(text)),
  ],
  [
    /timed out|No route to host|Network is unreachable|Host is unreachable/i,
    (_m, text) => cameraFailureMessage('camera/unreachable', targetIn(text)),
  ],
  [/Invalid data found when processing input/i, () => cameraFailureMessage('camera/not-video')],
  [/No such file or directory/i, () => 'Stream not found'],
  [/Stream stalled/i, () => 'The camera stopped sending video'],
];

/**
 * ffmpeg's RTSP client reports a host that accepts the connection and never answers as "Invalid
 * data found" once its 5 s socket timeout passes, exactly as it reports garbage at once: a run that
 * failed that way after this long without a byte of video was a camera that did not answer.
 */
const SILENT_TIMEOUT_MS = 4500;

/** @param silentMs how long the run went without output before it ended (0: unknown). */
export function describeFfmpegError(
  stderr: string,
  exitCode: number | null,
  signal: string | null,
  silentMs = 0,
): string {
  // ffmpeg echoes its input URL, which can carry the camera's user and password.
  const text = redactCredentials(stderr);
  if (silentMs >= SILENT_TIMEOUT_MS && /Invalid data found when processing input/i.test(text))
    return cameraFailureMessage('camera/unreachable', targetIn(text));
  for (const [re, fn] of RULES) {
    const m = re.exec(text);
    if (m) return fn(m, text);
  }
  const last = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .pop();
  if (last) return last.replace(/^\[[^\]]+\]\s*/, '').slice(0, 300);
  return signal ? `ffmpeg stopped (${signal})` : `ffmpeg exited with code ${exitCode}`;
}

/**
 * Exponential backoff 1 s, 2 s, 4 s … capped at 30 s, with ±20 % jitter so cameras behind one
 * failed switch do not reconnect in lockstep. Never under 1 s: segment names have 1 s
 * resolution, so a restart within the same second could overwrite the previous run's file.
 */
export function backoffMs(failures: number, random = Math.random): number {
  const step = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(Math.min(30_000, Math.max(1000, step * (0.8 + 0.4 * random()))));
}
