import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { attachVod, mediaTimeOf } from '../../../lib/vod-hls.ts';

type State = 'loading' | 'ready' | 'empty' | 'failed';

/**
 * Plays an event's clip: the camera's VOD playlist of [from, to). Segments are whole recorder
 * files, so playback starts at `from` through EXT-X-PROGRAM-DATE-TIME.
 */
export function ClipPlayer({ src, from }: { src: string; from: string }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>('loading');

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    setState('loading');
    return attachVod(v, src, {
      frags: (frags) => {
        const time = mediaTimeOf(frags, Date.parse(from));
        if (time === null) return setState('empty');
        setState('ready');
        v.currentTime = time;
        v.play().catch(() => {
          // Autoplay refused: the controls stay available.
        });
      },
      fatal: (missing) => setState(missing ? 'empty' : 'failed'),
    });
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
