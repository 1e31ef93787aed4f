import { useCallback, useEffect, useRef, useState } from 'react';
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
import { PtzToggle, usePtz } from './ptz-controls.tsx';
import { SnoozeMenu } from './snooze-menu.tsx';
import { TalkButton } from './talk-button.tsx';
import { StrokeIcon } from './stroke-icon.tsx';

const TRANSPORT_LABEL: Record<Transport, string> = { webrtc: 'WebRTC', mse: 'MSE', hls: 'HLS' };

export interface LiveTileProps {
  camera: {
    id: string;
    name: string;
    enabled?: boolean;
    status?: string;
    notificationsSnoozedUntil?: string | null;
    /** Sound: no unmute button for a camera whose sound is off or that sends none (only RTSP cameras have any). */
    source?: { type: string };
    recordSound?: boolean;
    audio?: { codec: string | null };
    /** What the camera sends, as the recorder read it (shown, and whether this browser needs the rendition). */
    video?: { codec: string | null; profile: string | null; codecString: string | null };
    /**
     * An ONVIF camera with a loudspeaker gets the push-to-talk button; one with PTZ the pan, tilt
     * and zoom controls (operators and up).
     */
    onvif?: { audioBackchannel: boolean; ptz: boolean } | null;
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

/**
 * The last picture a video showed, copied into a canvas just before the video loses it (a
 * reconnecting player clears its source): the tile keeps it on screen until a picture plays again.
 */
function useHeldFrame() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [at, setAt] = useState<number | null>(null);
  const hold = useCallback((video: HTMLVideoElement) => {
    const c = canvas.current;
    // No picture yet (a retry that never played): keep the one already held.
    if (!c || video.readyState < 2 || !video.videoWidth) return;
    c.width = video.videoWidth;
    c.height = video.videoHeight;
    c.getContext('2d')?.drawImage(video, 0, 0);
    setAt(Date.now());
  }, []);
  return { canvas, at, hold };
}

/** A time of day in the person's time zone and language, or null. */
function useClock(ms: number | null): string | null {
  const { i18n } = useTranslation();
  const session = useSession();
  if (ms === null) return null;
  return formatClock(ms, session.me?.user.preferences.timezone ?? 'UTC', i18n.language, { seconds: true });
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
  // Two videos: a transport warms up in the hidden one and takes over without a black gap.
  const videoA = useRef<HTMLVideoElement>(null);
  const videoB = useRef<HTMLVideoElement>(null);
  const [shown, setShown] = useState<0 | 1>(0);
  const held = useHeldFrame();
  const [state, setState] = useState<LiveState>('connecting');
  const [using, setUsing] = useState<Transport | null>(null);
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  const codecString = camera.video?.codecString ?? null;
  const active = useActive(root);
  const disabled = tileMode(camera) === 'disabled';
  const hold = held.hold;
  // Live sound starts muted (a wall of cameras must not all speak at once, and browsers refuse
  // to autoplay sound); each tile's button turns its own on.
  const [muted, setMuted] = useState(true);
  const silent =
    camera.recordSound === false || camera.audio?.codec === 'none' || (camera.source && camera.source.type !== 'rtsp');
  useEffect(() => {
    // Only the shown video speaks: the one warming up stays silent until it takes over.
    for (const [i, v] of [videoA.current, videoB.current].entries()) if (v) v.muted = muted || i !== shown;
  }, [muted, shown]);

  useEffect(() => {
    const a = videoA.current;
    const b = videoB.current;
    // A camera that is (or becomes) disabled holds no connection: the cleanup stops any retry.
    if (!a || !b || !active || disabled) return;
    const live = new LiveConnection([a, b], {
      cameraId: camera.id,
      preferred: transport,
      onState: setState,
      onTransport: setUsing,
      onShow: setShown,
      holdFrame: hold,
      codecString,
      onDelivery: setDelivery,
    });
    live.start();
    return () => live.stop();
  }, [active, disabled, camera.id, transport, hold, codecString]);

  const snapshot = () => {
    const v = (shown ? videoB : videoA).current;
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
  // While it reconnects, the tile keeps the last picture it showed, with the state said over it.
  const frozen = !disabled && state !== 'playing' && held.at !== null;
  const heldAt = useClock(frozen ? held.at : null);
  const ptz = usePtz(camera, !disabled);
  return (
    <section
      ref={root}
      aria-label={camera.name}
      {...ptz.tileProps}
      className="group @container relative overflow-hidden rounded-lg border border-line bg-black"
      data-testid="live-tile"
      data-state={shownState}
      data-transport={disabled ? '' : (using ?? '')}
      data-held-frame={frozen ? 'true' : undefined}
    >
      {([videoA, videoB] as const).map((ref, i) => (
        <video
          key={i ? 'b' : 'a'}
          ref={ref}
          className={`aspect-video h-full w-full bg-black object-contain ${i ? 'absolute inset-0' : ''} ${
            i === shown ? '' : 'invisible'
          }`}
          muted
          autoPlay
          playsInline
          aria-hidden={i === shown ? undefined : true}
          aria-label={t('live.videoLabel', { name: camera.name })}
          data-shown={i === shown}
        />
      ))}
      <canvas
        ref={held.canvas}
        className={`absolute inset-0 h-full w-full bg-black object-contain ${frozen ? '' : 'hidden'}`}
        aria-hidden
        data-testid="live-held-frame"
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
      {/* Always in the page, so screen readers announce each change of state (aria-live). */}
      <div
        className="pointer-events-none absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-white"
        role="status"
        aria-live="polite"
        data-testid="live-status"
      >
        {status && (
          <p className={frozen ? 'rounded-md bg-black/75 px-3 py-2 shadow' : 'text-white/90'}>
            <span className="block font-medium">{status}</span>
            {heldAt && <span className="block text-xs text-white/80">{t('live.heldFrame', { time: heldAt })}</span>}
          </p>
        )}
      </div>
      {ptz.pad}
      <div className="absolute inset-x-0 bottom-0 flex justify-end gap-1 bg-gradient-to-t from-black/70 to-transparent p-2">
        {ptz.toggle && <PtzToggle {...ptz.toggle} />}
        {!silent && (
          <TileButton
            label={muted ? t('live.unmute', { name: camera.name }) : t('live.mute', { name: camera.name })}
            onClick={() => setMuted((m) => !m)}
            disabled={disabled}
          >
            <Icon name={muted ? 'muted' : 'sound'} />
          </TileButton>
        )}
        <TalkButton camera={camera} disabled={disabled} />
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
  sound: 'M4 9h4l5-4v14l-5-4H4zM16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11',
  muted: 'M4 9h4l5-4v14l-5-4H4zM16 9l5 6M21 9l-5 6',
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
