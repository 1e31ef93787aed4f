/**
 * Whether this browser decodes a video as the camera sends it (its RFC 6381 codec string, as the
 * server read it from the stream's parameter sets). Chromium on most desktops has no H.265
 * decoder: such a camera is played through the server's H.264 rendition instead.
 */
export function browserDecodes(codecString: string | null | undefined): boolean {
  if (isH264(codecString)) return true;
  const mime = `video/mp4; codecs="${codecString}"`;
  if (typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(mime)) return true;
  // Safari without MSE (iPhone) plays through the media element.
  return typeof document !== 'undefined' && document.createElement('video').canPlayType(mime) === 'probably';
}

/** H.264 (or not known yet, which the server then says on the stream): what every browser and WebRTC take. */
export function isH264(codecString: string | null | undefined): boolean {
  return !codecString || codecString.startsWith('avc');
}

/** What this browser gets of a camera: its stream "as sent", or the server's "H.264 rendition". */
export type Delivery = 'asSent' | 'rendition';

export function deliveryFor(codecString: string | null | undefined): Delivery {
  return browserDecodes(codecString) ? 'asSent' : 'rendition';
}
