import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { attachVod, mediaTimeOf, type VodFrag, wallTimeOf } from '../../../lib/vod-hls.ts';

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
function seekTo(v: HTMLVideoElement | null, frags: readonly VodFrag[], want: SeekRequest): boolean {
  const time = mediaTimeOf(frags, want.at);
  if (!v || time === null) return false;
  if (want.pause) {
    v.pause();
    return true;
  }
  v.currentTime = time;
  v.play().catch(() => {
    // Autoplay refused (no user gesture yet): the controls stay available.
  });
  return true;
}

/**
 * Plays a VOD playlist with hls.js, loaded only when a recording is first played. Seeks by
 * wall-clock time through each entry's EXT-X-PROGRAM-DATE-TIME, since media time skips gaps.
 */
export function VodPlayer({ src, seek, rate, onTime, onError }: VodPlayerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const frags = useRef<VodFrag[]>([]);
  const pending = useRef<SeekRequest | null>(null);
  const callbacks = useRef({ onTime, onError });
  callbacks.current = { onTime, onError };

  useEffect(() => {
    const v = video.current;
    if (!src || !v) return;
    frags.current = [];
    return attachVod(v, src, {
      frags: (loaded) => {
        frags.current = loaded;
        if (pending.current && seekTo(v, loaded, pending.current)) pending.current = null;
      },
      fatal: () => callbacks.current.onError(),
    });
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
      onTimeUpdate={(e) => callbacks.current.onTime(wallTimeOf(frags.current, e.currentTarget.currentTime))}
      onLoadedMetadata={(e) => {
        // A new source starts at 1×: keep the speed the viewer chose.
        e.currentTarget.playbackRate = rate;
      }}
    />
  );
}
