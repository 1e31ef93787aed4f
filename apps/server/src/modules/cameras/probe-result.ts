import { type CameraFailureCode, type ProbeResult, cameraFailureMessage } from '@vigil/shared';

/** A failed probe, in words a person can act on. */
export const failed = (error: string): ProbeResult => ({
  ok: false,
  codec: null,
  width: null,
  height: null,
  fps: null,
  audio: null,
  error,
});

/** A failed probe of a known kind: its catalogue code and sentence. */
export const failedAs = (code: CameraFailureCode, target?: string | null): ProbeResult => ({
  ...failed(cameraFailureMessage(code, target)),
  errorCode: code,
});

/** `host:port` of a stream URL, with the scheme's default port. */
export function hostPort(url: string): string {
  try {
    const u = new URL(url);
    const port = u.port || { 'rtsp:': '554', 'rtsps:': '322', 'http:': '80', 'https:': '443' }[u.protocol] || '';
    return `${u.hostname}:${port}`;
  } catch {
    return 'the camera address';
  }
}
