import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/ui/button.tsx';
import { saveBlob } from '../../../lib/download.ts';
import { formatClock } from '../../../lib/format.ts';
import type { Delivery } from '../../../lib/browser-codec.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { LiveConnection } from '../live-connection.ts';
import type { LiveState, Transport } from '../player-types.ts';
import { snapshotName } from '../snapshot.ts';
import { tileMode } from '../tile-mode.ts';
import { CodecBadge } from './codec-badge.tsx';
import { SnoozeMenu } from './snooze-menu.tsx';
import { StrokeIcon } from './stroke-icon.tsx';

const TRANSPORT_LABEL: Record<Transport, string> = { webrtc: 'WebRTC', mse: 'MSE', hls: 'HLS' };

export interface LiveTileProps {
  camera: {
    id: string;
    name: string;
    enabled?: boolean;
    status?: string;
    notificationsSnoozedUntil?: string | null;
    /** What the camera sends, as the recorder read it (shown, and whether this browser needs the rendition). */
    video?: { codec: string | null; profile: string | null; codecString: string | null };
  };
  focused: boolean;
  onToggleFocus(): void;
  /** 'auto' tries WebRTC, then MSE, then HLS; a named transport goes first. */
  transport?: Transport | 'auto';
  /** A smaller tile (dashboards) without the focus button. */
  compact?: boolean;
}

/** The snooze's end as a wall-clock time, or null once it has passed (re-checked each minute). */
function useSnoozedUntil(iso: string | null | undefined): string | null {
  const { i18n } = useTranslation();
  const session = useSession();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [iso]);
  const until = iso ? Date.parse(iso) : 0;
  if (until <= now) return null;
  return formatClock(until, session.me?.user.preferences.timezone ?? 'UTC', i18n.language, { seconds: false });
}

/** True while the page is visible and `el` is on screen: a hidden tile holds no socket. */
function useActive(el: React.RefObject<HTMLElement | null>): boolean {
  const [pageVisible, setPageVisible] = useState(() => document.visibilityState === 'visible');
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const onVis = () => setPageVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onVis);
    return () => document.removeEventListener('visibilitychange', onVis);
  }, []);
  useEffect(() => {
    const node = el.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => setInView(entries.some((e) => e.isIntersecting)));
    io.observe(node);
    return () => io.disconnect();
  }, [el]);
  return pageVisible && inView;
}

export function LiveTile({ camera, focused, onToggleFocus, transport = 'auto', compact = false }: LiveTileProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<LiveState>('connecting');
  const [using, setUsing] = useState<Transport | null>(null);
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  const codecString = camera.video?.codecString ?? null;
  const active = useActive(root);
  const disabled = tileMode(camera) === 'disabled';

  useEffect(() => {
    const v = video.current;
    // A camera that is (or becomes) disabled holds no connection: the cleanup stops any retry.
    if (!v || !active || disabled) return;
    const live = new LiveConnection(v, {
      cameraId: camera.id,
      preferred: transport,
      onState: setState,
      onTransport: setUsing,
      codecString,
      onDelivery: setDelivery,
    });
    live.start();
    return () => live.stop();
  }, [active, disabled, camera.id, transport, codecString]);

  const snapshot = () => {
    const v = video.current;
    if (!v || v.readyState < 2) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (blob) saveBlob(blob, snapshotName(camera.name, new Date()));
      },
      'image/jpeg',
      0.9,
    );
  };

  const snoozedUntil = useSnoozedUntil(camera.notificationsSnoozedUntil);
  const status = disabled ? t('live.state.disabled') : state === 'playing' ? null : t(`live.state.${state}`);
  const shownState = disabled ? 'disabled' : state;
  return (
    <section
      ref={root}
      aria-label={camera.name}
      className="group @container relative overflow-hidden rounded-lg border border-line bg-black"
      data-testid="live-tile"
      data-state={shownState}
      data-transport={disabled ? '' : (using ?? '')}
    >
      <video
        ref={video}
        className="aspect-video h-full w-full bg-black object-contain"
        muted
        autoPlay
        playsInline
        aria-label={t('live.videoLabel', { name: camera.name })}
      />
      <div className="pointer-events-none absolute inset-x-0 top-0 flex items-center justify-between gap-2 bg-gradient-to-b from-black/70 to-transparent p-2 text-sm text-white">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium">{camera.name}</span>
          {snoozedUntil && (
            <span className="shrink-0 rounded bg-white/20 px-1.5 py-0.5 text-xs" data-testid="live-snoozed">
              {t('live.snooze.badge', { time: snoozedUntil })}
            </span>
          )}
        </span>
        {disabled ? (
          <span className="rounded bg-white/20 px-1.5 py-0.5 text-xs font-semibold" data-testid="live-disabled">
            {t('live.disabled')}
          </span>
        ) : (
          <span className="flex shrink-0 items-center gap-1">
            <CodecBadge video={camera.video} delivery={delivery} />
            {using && (
              <span
                className="rounded bg-white/20 px-1.5 py-0.5 text-xs font-semibold tracking-wide"
                data-testid="live-transport"
                title={t(`live.transportHelp.${using}`)}
              >
                {TRANSPORT_LABEL[using]}
              </span>
            )}
          </span>
        )}
      </div>
      {status && (
        <p
          className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-white/90"
          role="status"
        >
          {status}
        </p>
      )}
      <div className="absolute inset-x-0 bottom-0 flex justify-end gap-1 bg-gradient-to-t from-black/70 to-transparent p-2">
        <SnoozeMenu camera={camera} />
        {!compact && (
          <TileButton
            label={focused ? t('live.backToGrid') : t('live.focus', { name: camera.name })}
            onClick={onToggleFocus}
          >
            <Icon name={focused ? 'grid' : 'focus'} />
          </TileButton>
        )}
        <TileButton
          label={t('live.fullscreen', { name: camera.name })}
          onClick={() => void root.current?.requestFullscreen?.()}
        >
          <Icon name="fullscreen" />
        </TileButton>
        <TileButton
          label={t('live.snapshot', { name: camera.name })}
          onClick={snapshot}
          disabled={disabled || state !== 'playing'}
        >
          <Icon name="snapshot" />
        </TileButton>
      </div>
    </section>
  );
}

/** Inline icons: text glyphs for these are missing from many system fonts. */
const ICON_PATHS = {
  focus: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  fullscreen: 'M3 8V3h5M21 8V3h-5M3 16v5h5M21 16v5h-5M8 8h8v8H8z',
  snapshot: 'M4 8h4l2-3h4l2 3h4v11H4zM12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
} as const;

function Icon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <StrokeIcon>
      <path d={ICON_PATHS[name]} />
    </StrokeIcon>
  );
}

function TileButton(props: { label: string; onClick(): void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <IconButton
      {...props}
      className="flex h-9 min-w-9 items-center justify-center rounded bg-black/60 px-2 text-base text-white hover:bg-black/80 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40"
    />
  );
}
