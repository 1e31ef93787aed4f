import type HlsType from 'hls.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../../lib/token-store.ts';

/** One playlist entry as the player maps wall-clock time onto media time. */
interface Frag {
  start: number;
  duration: number;
  wall: number;
}

export interface SeekRequest {
  /** Wall-clock instant (ms) to play from. */
  at: number;
  /** Changes on every request, so seeking twice to the same instant still seeks. */
  nonce: number;
  /** The instant has no footage (a keyboard step into a gap): pause and stay there. */
  pause?: boolean;
}

export interface VodPlayerProps {
  src: string | null;
  seek: SeekRequest | null;
  rate: number;
  onTime(wallMs: number | null): void;
  onError(): void;
}

/** Seeks `v` to the wall-clock instant of `want`; false while the playlist is not loaded yet. */
function seekTo(v: HTMLVideoElement | null, frags: readonly Frag[], want: SeekRequest): boolean {
  if (!v || frags.length === 0) return false;
  if (want.pause) {
    v.pause();
    return true;
  }
  const f = frags.find((x) => want.at < x.wall + x.duration * 1000) ?? frags.at(-1)!;
  v.currentTime = f.start + Math.max(0, (want.at - f.wall) / 1000);
  v.play().catch(() => {
    // Autoplay refused (no user gesture yet): the controls stay available.
  });
  return true;
}

const wallOf = (frags: readonly Frag[], t: number) => {
  const f = frags.find((x) => t >= x.start && t < x.start + x.duration) ?? frags.at(-1);
  return f ? f.wall + (t - f.start) * 1000 : null;
};

/**
 * Plays a VOD playlist with hls.js, loaded only when a recording is first played. Seeks by
 * wall-clock time through each entry's EXT-X-PROGRAM-DATE-TIME, since media time skips gaps.
 */
export function VodPlayer({ src, seek, rate, onTime, onError }: VodPlayerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const frags = useRef<Frag[]>([]);
  const pending = useRef<SeekRequest | null>(null);
  const callbacks = useRef({ onTime, onError });
  callbacks.current = { onTime, onError };

  useEffect(() => {
    const v = video.current;
    if (!src || !v) return;
    let hls: HlsType | undefined;
    let cancelled = false;
    frags.current = [];
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        v.src = src; // Safari plays HLS itself (with the session cookie).
        return;
      }
      hls = new Hls({
        // The playlist needs the session; segment URLs are signed and need nothing.
        xhrSetup: (xhr, url) => {
          const token = getToken();
          if (token && url.includes('/vod.m3u8')) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
        },
      });
      hls.on(Hls.Events.LEVEL_LOADED, (_e, data) => {
        frags.current = data.details.fragments.map((f) => ({
          start: f.start,
          duration: f.duration,
          wall: f.programDateTime ?? 0,
        }));
        if (pending.current && seekTo(v, frags.current, pending.current)) pending.current = null;
      });
      hls.on(Hls.Events.ERROR, (_e, data) => {
        if (data.fatal) callbacks.current.onError();
      });
      hls.loadSource(src);
      hls.attachMedia(v);
    });
    return () => {
      cancelled = true;
      hls?.destroy();
    };
  }, [src]);

  useEffect(() => {
    if (!seek) return;
    pending.current = seekTo(video.current, frags.current, seek) ? null : seek;
  }, [seek]);

  useEffect(() => {
    if (video.current) video.current.playbackRate = rate;
  }, [rate]);

  return (
    <video
      ref={video}
      className="aspect-video w-full rounded-lg bg-black"
      controls
      playsInline
      muted
      aria-label={t('recordings.player')}
      data-testid="recording-video"
      onTimeUpdate={(e) => callbacks.current.onTime(wallOf(frags.current, e.currentTarget.currentTime))}
      onLoadedMetadata={(e) => {
        // A new source starts at 1×: keep the speed the viewer chose.
        e.currentTarget.playbackRate = rate;
      }}
    />
  );
}
