import type HlsType from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { getToken } from '../../../lib/token-store.ts';

type State = 'loading' | 'ready' | 'empty' | 'failed';

/**
 * Plays an event's clip: the camera's VOD playlist of [from, to), hls.js loaded on first use.
 * The playlist needs the session (sent as a bearer); its segment URLs are signed and need nothing.
 * Segments are whole recorder files, so playback starts at `from` through EXT-X-PROGRAM-DATE-TIME.
 */
export function ClipPlayer({ src, from }: { src: string; from: string }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>('loading');

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    let hls: HlsType | undefined;
    let cancelled = false;
    setState('loading');
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        v.src = src; // Safari plays HLS itself (with the session cookie).
        return;
      }
      hls = new Hls({
        xhrSetup: (xhr, url) => {
          const token = getToken();
          if (token && url.includes('/vod.m3u8')) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
        },
      });
      hls.on(Hls.Events.LEVEL_LOADED, (_e, data) => {
        const frags = data.details.fragments;
        if (frags.length === 0) return setState('empty');
        setState('ready');
        const want = Date.parse(from);
        const f = frags.find((x) => want < (x.programDateTime ?? 0) + x.duration * 1000) ?? frags[0]!;
        v.currentTime = f.start + Math.max(0, (want - (f.programDateTime ?? want)) / 1000);
        v.play().catch(() => {
          // Autoplay refused: the controls stay available.
        });
      });
      hls.on(Hls.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        const missing = data.details === Hls.ErrorDetails.LEVEL_EMPTY_ERROR || data.response?.code === 404;
        setState(missing ? 'empty' : 'failed');
      });
      hls.loadSource(src);
      hls.attachMedia(v);
    });
    return () => {
      cancelled = true;
      hls?.destroy();
    };
  }, [src, from]);

  return (
    <div className="grid gap-2">
      <video
        ref={video}
        className={state === 'empty' ? 'hidden' : 'aspect-video w-full rounded-lg bg-black'}
        controls
        playsInline
        muted
        aria-label={t('events.clip')}
        data-testid="event-video"
      />
      {state === 'empty' && (
        <p className="rounded-lg border border-line bg-sunken p-6 text-center text-sm text-muted" role="status">
          {t('events.noFootage')}
        </p>
      )}
      {state === 'failed' && <Banner tone="error">{t('events.clipFailed')}</Banner>}
    </div>
  );
}
