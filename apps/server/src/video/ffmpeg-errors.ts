import { redactCredentials } from '../lib/redact.ts';

/**
 * Turns ffmpeg's stderr into one sentence a person can act on (shown as the camera's lastError).
 * Most specific patterns first; the raw last line is the fallback.
 */
const RULES: [RegExp, (m: RegExpExecArray) => string][] = [
  // Not the camera: the recorder's own disk (the disk guard keeps this from happening when on).
  [
    /No space left on device|ENOSPC/i,
    () => 'The media disk is full: free space, or let the disk guard delete old footage (Admin › Settings)',
  ],
  [/401 Unauthorized|authorization failed/i, () => 'Camera rejected the username or password (401)'],
  [/403 Forbidden/i, () => 'Camera refused access to this stream (403)'],
  [/404 Not Found|Server returned 404/i, () => 'Stream not found (404): check the path in the URL'],
  [
    /Connection to tcp:\/\/([^?\s]+).*Connection refused|Connection refused/i,
    (m) => `Connection refused${m[1] ? ` by ${m[1]}` : ''}: is the camera on and the port right?`,
  ],
  [
    /Failed to resolve hostname ([^\s:]+)|Name or service not known|Temporary failure in name resolution/i,
    (m) => `Host not found${m[1] ? `: ${m[1]}` : ''}`,
  ],
  [/timed out|Connection timed out|Operation timed out/i, () => 'Timed out waiting for the camera'],
  [/No route to host|Network is unreachable/i, () => 'Network unreachable: no route to the camera'],
  [/Invalid data found when processing input/i, () => 'The camera sent data ffmpeg cannot read (wrong URL or format?)'],
  [/No such file or directory/i, () => 'Stream not found'],
  [/Stream stalled/i, () => 'The camera stopped sending video'],
];

export function describeFfmpegError(stderr: string, exitCode: number | null, signal: string | null): string {
  // ffmpeg echoes its input URL, which can carry the camera's user and password.
  const text = redactCredentials(stderr);
  for (const [re, fn] of RULES) {
    const m = re.exec(text);
    if (m) return fn(m);
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
