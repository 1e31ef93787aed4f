import type HlsType from 'hls.js';
import { browserDecodes } from './browser-codec.ts';
import { getToken } from './token-store.ts';

/** One playlist entry: where it sits in media time, and the wall-clock instant it starts at. */
export interface VodFrag {
  start: number;
  duration: number;
  wall: number;
}

/**
 * Plays a recorder VOD playlist (`/api/v1/cameras/:id/vod.m3u8`) in `video` with hls.js, loaded on
 * first use. The playlist needs the session (sent as a bearer); its segment URLs are signed and need
 * nothing. Safari plays HLS itself, with the session cookie. Returns the teardown.
 */
export function attachVod(
  video: HTMLVideoElement,
  src: string,
  on: { frags(frags: VodFrag[]): void; fatal(missing: boolean): void },
): () => void {
  let hls: HlsType | undefined;
  let cancelled = false;
  void import('hls.js').then(({ default: Hls }) => {
    if (cancelled) return;
    if (!Hls.isSupported()) {
      video.src = vodSource(src);
      return;
    }
    hls = new Hls({
      xhrSetup: (xhr, url) => {
        const token = getToken();
        if (token && url.includes('/vod.m3u8')) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      },
    });
    hls.on(Hls.Events.LEVEL_LOADED, (_e, data) =>
      on.frags(
        data.details.fragments.map((f) => ({ start: f.start, duration: f.duration, wall: f.programDateTime ?? 0 })),
      ),
    );
    hls.on(Hls.Events.ERROR, (_e, data) => {
      if (data.fatal) on.fatal(data.details === Hls.ErrorDetails.LEVEL_EMPTY_ERROR || data.response?.code === 404);
    });
    hls.loadSource(vodSource(src));
    hls.attachMedia(video);
  });
  return () => {
    cancelled = true;
    hls?.destroy();
  };
}

/** Main-profile H.265, as most cameras send it: whether this browser decodes recorded H.265 at all. */
const HEVC_MAIN = 'hvc1.1.6.L93.B0';

/**
 * The playlist as this browser plays it: one that cannot decode H.265 asks for H.264 copies of any
 * footage that is not H.264 (made on demand by the server; H.264 footage is listed as recorded).
 */
export function vodSource(src: string, decodesHevc = browserDecodes(HEVC_MAIN)): string {
  return decodesHevc ? src : `${src}${src.includes('?') ? '&' : '?'}rendition=1`;
}

/** The media time of wall-clock instant `at` (media time skips the playlist's gaps); null before it loads. */
export function mediaTimeOf(frags: readonly VodFrag[], at: number): number | null {
  if (frags.length === 0) return null;
  const f = frags.find((x) => at < x.wall + x.duration * 1000) ?? frags.at(-1)!;
  return f.start + Math.max(0, (at - f.wall) / 1000);
}

/** The wall-clock instant of media time `t`. */
export function wallTimeOf(frags: readonly VodFrag[], t: number): number | null {
  const f = frags.find((x) => t >= x.start && t < x.start + x.duration) ?? frags.at(-1);
  return f ? f.wall + (t - f.start) * 1000 : null;
}
