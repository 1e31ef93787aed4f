import { useTranslation } from 'react-i18next';
import type { PtzDirection, PtzDrive } from '../ptz-drive.ts';
import { PtzPresetsMenu } from './ptz-presets-menu.tsx';
import { StrokeIcon } from './stroke-icon.tsx';

/** Chevrons and a magnifier, drawn: the glyphs are missing from many system fonts. */
const PATHS: Record<PtzDirection, string> = {
  up: 'M6 15l6-6 6 6',
  down: 'M6 9l6 6 6-6',
  left: 'M15 6l-6 6 6 6',
  right: 'M9 6l6 6-6 6',
  zoomIn: 'M10 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM14 14l6 6M7.5 10h5M10 7.5v5',
  zoomOut: 'M10 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM14 14l6 6M7.5 10h5',
};

/** 44 px: a thumb's target on a phone, and still small on a desktop tile. */
const BUTTON =
  'flex h-11 w-11 touch-none select-none items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 active:bg-primary focus-visible:outline focus-visible:outline-2 focus-visible:outline-white';

/**
 * The tile's pan, tilt and zoom: each button moves the camera while it is pressed (mouse, pen or
 * finger: pointer events, captured so sliding off the button still ends on release) and stops it
 * when let go, cancelled, or the window loses focus.
 */
export function PtzPad({
  camera,
  drive,
  onHome,
}: {
  camera: { id: string; name: string };
  drive: PtzDrive;
  onHome(): void;
}) {
  const { t } = useTranslation();
  const hold = (d: PtzDirection) => ({
    onPointerDown: (e: React.PointerEvent<HTMLButtonElement>) => {
      if (e.button !== 0) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      drive.press(d);
    },
    onPointerUp: () => drive.release(d),
    onPointerCancel: () => drive.release(d),
    onLostPointerCapture: () => drive.release(d),
    // A long press on a phone opens no menu over the video.
    onContextMenu: (e: React.MouseEvent) => e.preventDefault(),
    // Space or Enter on the focused button: one press, as a short move.
    onKeyDown: (e: React.KeyboardEvent) => {
      if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
        e.preventDefault();
        drive.press(d);
      }
    },
    onKeyUp: (e: React.KeyboardEvent) => {
      if (e.key === ' ' || e.key === 'Enter') drive.release(d);
    },
  });
  const button = (d: PtzDirection, extra = '') => (
    <button
      type="button"
      className={`${BUTTON} ${extra}`}
      aria-label={t(`live.ptz.${d}`, { name: camera.name })}
      title={t(`live.ptz.${d}`, { name: camera.name })}
      data-testid={`ptz-${d}`}
      {...hold(d)}
    >
      <StrokeIcon roundCaps>
        <path d={PATHS[d]} />
      </StrokeIcon>
    </button>
  );
  // One 3 × 3 block above the tile's own buttons: the arrows in a cross, home in its middle, zoom
  // and the presets in its corners, so a phone-width tile still shows the picture beside it.
  return (
    <fieldset
      className="absolute bottom-12 left-2 m-0 grid min-w-0 grid-cols-3 grid-rows-3 border-0 p-0"
      aria-label={t('live.ptz.group', { name: camera.name })}
      data-testid="ptz-pad"
    >
      <PtzPresetsMenu camera={camera} className={BUTTON} />
      {button('up', 'col-start-2 row-start-1')}
      {button('zoomIn', 'col-start-3 row-start-1')}
      {button('left', 'col-start-1 row-start-2')}
      <button
        type="button"
        className={`${BUTTON} col-start-2 row-start-2`}
        aria-label={t('live.ptz.home', { name: camera.name })}
        title={t('live.ptz.home', { name: camera.name })}
        data-testid="ptz-home"
        onClick={onHome}
      >
        <StrokeIcon roundCaps>
          <path d="M4 11l8-7 8 7M6 10v9h12v-9" />
        </StrokeIcon>
      </button>
      {button('right', 'col-start-3 row-start-2')}
      {button('down', 'col-start-2 row-start-3')}
      {button('zoomOut', 'col-start-3 row-start-3')}
    </fieldset>
  );
}
