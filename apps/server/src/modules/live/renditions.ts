import { checkTarget, type OutboundPolicy } from '../../lib/outbound-policy.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { substreamOf } from '../../video/camera-source.ts';
import { withCredentials } from '../../video/ffmpeg-args.ts';
import { ffmpegTools } from '../../video/ffmpeg-binaries.ts';
import { detectH264Encoder, LIBX264 } from '../../video/hw-encoders.ts';
import type { LiveFeed } from '../../video/live-feed.ts';
import { Renditions } from '../../video/rendition.ts';
import { readVideoCodec } from '../../video/video-codec.ts';

/**
 * Where codec choice happens for live view. A viewer gets the camera's own stream when its browser
 * decodes it (MSE/HLS: the browser asks itself about the camera's codec string and says so in the
 * URL); otherwise, and always on WebRTC (which carries H.264 here), the camera's H.264 rendition.
 * The H.264 encoder is found once when the serve process starts (a GPU's when ffmpeg can use one).
 */
export function startRenditions(maxSoftware: number, log: (msg: string) => void): Renditions {
  let ffmpeg: string | undefined;
  const path = () => {
    ffmpeg ??= ffmpegTools().ffmpeg.path;
    return ffmpeg;
  };
  const encoder = Promise.resolve()
    .then(() => detectH264Encoder(path()))
    .then(({ encoder, reason }) => {
      log(`live renditions (H.264 for browsers without the camera's codec): ${reason}`);
      return encoder;
    })
    .catch((e) => {
      log(`live renditions: no encoder test possible (${(e as Error).message}); libx264`);
      return LIBX264;
    });
  log(`live renditions: at most ${maxSoftware} software transcode(s) at once`);
  return new Renditions({ ffmpegPath: path, encoder, maxSoftware, log });
}

/** Whether a feed's stream is something other than H.264 (which every browser and WebRTC take as it is). */
export function needsRendition(feed: LiveFeed): boolean {
  const init = feed.initSegment;
  return Boolean(init && readVideoCodec(init)?.name !== 'h264');
}

/**
 * The URL a rendition reads the camera's substream from (credentials in it, its address checked
 * against the outbound policy now, as the recorder does at each start); undefined without one.
 */
export async function substreamUrlOf(
  row: Parameters<typeof substreamOf>[0] | undefined,
  deps: { secrets: SecretBox; policy: OutboundPolicy },
): Promise<string | undefined> {
  const sub = row && substreamOf(row, deps.secrets);
  if (!sub) return undefined;
  const checked = await checkTarget(sub.url, deps.policy);
  return withCredentials(checked.pinnedUrl, sub.username, sub.password);
}
