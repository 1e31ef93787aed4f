import { PROTOCOLS } from './ffmpeg-args.ts';
import type { H264Encoder } from './hw-encoders.ts';

/**
 * The argv of the ffmpeg that makes a camera's H.264 rendition (pure): the camera's live fMP4 in
 * on stdin, H.264 fMP4 out on stdout, one fragment per frame like the camera's own feed (live-feed.ts).
 * Keyframes stay where the camera put them (`-force_key_frames source` for libx264, a GOP as
 * long as the camera's otherwise): a viewer joining the rendition waits no longer than one joining
 * the camera. Pictures taller than `maxHeight` are scaled down: a rendition is the fallback for a
 * browser without the camera's codec, seen in a tile or on a phone, and encoding 720p rather than
 * 1080p halves its CPU and the time each frame takes (bench/h265-rendition.mjs).
 */
export const RENDITION_MAX_HEIGHT = 720;

/** The camera's live fMP4 on stdin (what the recorder's ffmpeg already receives: no second connection). */
export const FEED_INPUT = ['-thread_type', 'slice', '-f', 'mp4', '-i', 'pipe:0'];

/**
 * The camera's substream instead (a URL with its credentials, its address checked): a small picture
 * costs a fraction of the main stream to decode and encode, for the tile it is shown in anyway.
 */
export function substreamInput(url: string): string[] {
  return [
    ...['-protocol_whitelist', PROTOCOLS.rtsp, '-rtsp_transport', 'tcp', '-timeout', '5000000'],
    ...['-thread_type', 'slice', '-i', url],
  ];
}

export function renditionArgs(enc: H264Encoder, maxHeight = RENDITION_MAX_HEIGHT, input = FEED_INPUT): string[] {
  const scale = `scale=-2:'min(${maxHeight},ih)'`;
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    ...enc.inputArgs,
    // Fragments arrive as the camera sends them: decode each at once, no probing window.
    ...['-fflags', 'nobuffer', '-probesize', '32768', '-analyzeduration', '0'],
    // Slice threads only (in `input`): frame threads hold back a frame each (latency).
    ...input,
    ...['-map', '0:v:0', '-vf', `${scale},${enc.uploadFilter}`],
    // The sound, when there is one: the live feed's is AAC already (copied); a substream's may be
    // G.711 or Opus, which MP4 for MSE does not take (made AAC).
    ...['-map', '0:a:0?', '-c:a', input === FEED_INPUT ? 'copy' : 'aac'],
    ...enc.codecArgs,
    ...(enc.hardware ? ['-g', '60'] : ['-force_key_frames', 'source', '-g', '250']),
    ...['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof+frag_every_frame'],
    ...['-flush_packets', '1', 'pipe:1'],
  ];
}
