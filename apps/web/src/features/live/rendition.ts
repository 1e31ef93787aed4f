import { ApiError } from '../../lib/api-client.ts';

/**
 * The H.264 rendition, from the player's side: a browser that does not decode the camera's codec
 * (lib/browser-codec.ts) adds `rendition=1` to its MSE and HLS URLs and gets the server's shared
 * H.264 transcode; WebRTC always carries H.264. When the server already converts as many cameras as
 * it may, the socket closes with TRANSCODE_LIMIT_CLOSE (a request fails with live/transcode-limit)
 * and the tile says so while it keeps retrying.
 */
export const TRANSCODE_LIMIT_CLOSE = 4429;

export function withRendition(url: string, rendition: boolean): string {
  if (!rendition) return url;
  return `${url}${url.includes('?') ? '&' : '?'}rendition=1`;
}

export function isTranscodeLimit(e: unknown): boolean {
  return e instanceof ApiError && e.code === 'live/transcode-limit';
}
