import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { ptzHome, ptzMove, ptzStop } from '../ptz-api.ts';
import { PtzDrive, directionOfKey } from '../ptz-drive.ts';
import { StrokeIcon } from './stroke-icon.tsx';

// The pad and its presets menu (Radix) come when a person first shows the pad: only PTZ cameras
// offer it, and most visits only watch.
const PtzPad = lazy(() => import('./ptz-pad.tsx').then((m) => ({ default: m.PtzPad })));

/** Keys typed into a field or steering a menu are theirs, not the camera's. */
const isOwnedByControl = (el: EventTarget | null) =>
  el instanceof Element && !!el.closest('input, textarea, select, [role="menu"], [role="menuitem"]');

/**
 * A tile's PTZ: for a camera with ONVIF PTZ and a person who may steer (operators and up), a
 * toggle that shows the pad, and the tile's own keys while it has focus (arrows steer, + and −
 * zoom). Any way the hold can end — key up, the window losing focus, the page hidden, the tile
 * gone — stops the camera; a page that vanishes without a word is stopped by the server's deadman.
 */
export function usePtz(camera: { id: string; name: string; onvif?: { ptz: boolean } | null }, enabled: boolean) {
  const { t } = useTranslation();
  const session = useSession();
  const toast = useToast();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const may = !!camera.onvif?.ptz && enabled && session.hasAnyRole(['operator', 'manager', 'admin']);
  // The words of a failure change with each render; the drive (and what it holds) must not.
  const say = useRef((_e: unknown) => {});
  say.current = (e) => toast({ kind: 'error', text: errorText(e) });
  const drive = useMemo(
    () =>
      new PtzDrive({
        move: (m) => ptzMove(camera.id, m),
        stop: () => ptzStop(camera.id),
        failed: (e) => say.current(e),
      }),
    [camera.id],
  );
  useEffect(() => {
    const letGo = () => drive.releaseAll();
    const onVisibility = () => document.visibilityState === 'hidden' && letGo();
    window.addEventListener('blur', letGo);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('blur', letGo);
      document.removeEventListener('visibilitychange', onVisibility);
      letGo();
    };
  }, [drive]);
  if (!may) return { tileProps: {}, toggle: null, pad: null };
  const home = () => ptzHome(camera.id).catch((e) => say.current(e));
  return {
    tileProps: {
      // Focusable, so the keys steer the tile that has focus (and only that one).
      tabIndex: 0,
      'aria-keyshortcuts': 'ArrowUp ArrowDown ArrowLeft ArrowRight + -',
      'aria-description': t('live.ptz.keys'),
      onKeyDown: (e: React.KeyboardEvent) => {
        const d = directionOfKey(e.key);
        if (!d || isOwnedByControl(e.target)) return;
        e.preventDefault();
        if (!e.repeat) drive.press(d);
      },
      onKeyUp: (e: React.KeyboardEvent) => {
        const d = directionOfKey(e.key);
        if (d) drive.release(d);
      },
      onBlur: (e: React.FocusEvent) => {
        // Focus moving within the tile (onto a pad button) keeps what is held.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) drive.releaseAll();
      },
    },
    toggle: { open, onToggle: () => setOpen((o) => !o), label: t(open ? 'live.ptz.hide' : 'live.ptz.show', camera) },
    pad: open ? (
      <Suspense fallback={null}>
        <PtzPad camera={camera} drive={drive} onHome={() => void home()} />
      </Suspense>
    ) : null,
  };
}

export function PtzToggle({ open, onToggle, label }: { open: boolean; onToggle(): void; label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={open}
      data-testid="ptz-toggle"
      onClick={onToggle}
      className={`flex h-9 min-w-9 items-center justify-center rounded px-2 text-white hover:bg-black/80 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white ${
        open ? 'bg-primary' : 'bg-black/60'
      }`}
    >
      <StrokeIcon roundCaps>
        <path d="M12 3v18M3 12h18M12 3l-3 3M12 3l3 3M12 21l-3-3M12 21l3-3M3 12l3-3M3 12l3 3M21 12l-3-3M21 12l-3 3" />
      </StrokeIcon>
    </button>
  );
}
