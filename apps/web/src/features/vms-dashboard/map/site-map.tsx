import type { Site } from '@vigil/shared';
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAX_ZOOM, MIN_ZOOM, type View, fitView, panView, placeIn, tilesFor, zoomView } from './slippy.ts';
import { IconButton } from '../../../components/ui/button.tsx';

type Located = Site & { latitude: number; longitude: number };
const HEIGHT = 320;
const PAN_STEP = 80;

/** The frame's width, measured (the map draws nothing until it knows it). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/**
 * The sites on a map: <img> tiles from the installation's template for the frame, one marker
 * per site placed by Web Mercator projection, zoomed to fit them all. Markers are links (Tab
 * reaches each; the name shows on focus and hover); +/− and "fit" buttons, arrow keys and
 * dragging move the frame. Tiles come only from the template the server sent.
 */
export function SiteMap({ sites, tileUrl }: { sites: readonly Site[]; tileUrl: string }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLElement>(null);
  const width = useWidth(frame);
  const located = useMemo(
    () => sites.filter((s): s is Located => s.latitude !== null && s.longitude !== null),
    [sites],
  );
  const fitKey = located.map((s) => `${s.id}:${s.latitude}:${s.longitude}`).join('|');
  const [view, setView] = useState<View | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fitKey stands for the sites' places.
  useEffect(() => {
    if (width > 0) setView(fitView(located, width, HEIGHT));
  }, [fitKey, width > 0]);
  const drag = useRef<{ x: number; y: number; id: number } | null>(null);

  const zoom = (delta: number) => setView((v) => (v ? zoomView(v, delta, HEIGHT) : v));
  const pan = (dx: number, dy: number) => setView((v) => (v ? panView(v, dx, dy, HEIGHT) : v));
  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-PAN_STEP, 0],
      ArrowRight: [PAN_STEP, 0],
      ArrowUp: [0, -PAN_STEP],
      ArrowDown: [0, PAN_STEP],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      pan(...move);
    } else if (e.key === '+' || e.key === '=') zoom(1);
    else if (e.key === '-') zoom(-1);
  };
  const onPointerDown = (e: PointerEvent) => {
    if ((e.target as HTMLElement).closest('a,button')) return;
    drag.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    pan(d.x - e.clientX, d.y - e.clientY);
    drag.current = { ...d, x: e.clientX, y: e.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };

  const tiles = view && width > 0 ? tilesFor(view, width, HEIGHT, tileUrl) : [];
  const host = (() => {
    try {
      return new URL(tileUrl.replace(/\{[a-z]\}/g, '0')).host;
    } catch {
      return '';
    }
  })();
  return (
    <div className="flex flex-col gap-2">
      <section
        ref={frame}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the frame takes arrow keys to move the map
        tabIndex={0}
        aria-label={t('vmsDashboard.map.label', { count: located.length })}
        aria-describedby="vms-map-help"
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        className="relative touch-none overflow-hidden rounded-md border border-line bg-sunken select-none"
        style={{ height: HEIGHT }}
        data-testid="site-map"
        data-zoom={view?.zoom ?? ''}
      >
        <div
          aria-hidden="true"
          className="absolute inset-0 dark:[filter:invert(1)_hue-rotate(180deg)_brightness(0.85)]"
        >
          {tiles.map((tile) => (
            <img
              key={tile.key}
              src={tile.url}
              alt=""
              width={256}
              height={256}
              draggable={false}
              className="absolute max-w-none"
              style={{ left: tile.left, top: tile.top }}
              data-testid="map-tile"
            />
          ))}
        </div>
        {view &&
          located.map((site) => {
            const p = placeIn(view, width, HEIGHT, site);
            if (p.x < -20 || p.y < -20 || p.x > width + 20 || p.y > HEIGHT + 20) return null;
            const tone = site.counts.offline > 0 ? 'offline' : site.counts.openAlerts > 0 ? 'alerts' : 'ok';
            return (
              <Link
                key={site.id}
                to={`/vms/sites/${site.id}`}
                className="group absolute -translate-x-1/2 -translate-y-full focus-visible:z-20 hover:z-20"
                style={{ left: p.x, top: p.y }}
                aria-label={t(`vmsDashboard.map.marker.${tone}`, {
                  name: site.name,
                  offline: site.counts.offline,
                  alerts: site.counts.openAlerts,
                })}
                data-testid="map-marker"
              >
                <Pin tone={tone} />
                <span className="pointer-events-none absolute bottom-full left-1/2 mb-1 hidden -translate-x-1/2 rounded bg-surface px-2 py-0.5 text-xs whitespace-nowrap text-fg shadow ring-1 ring-line group-hover:block group-focus-visible:block">
                  {site.name}
                </span>
              </Link>
            );
          })}
        <div className="absolute top-2 right-2 z-30 flex flex-col gap-1">
          <MapButton
            label={t('vmsDashboard.map.zoomIn')}
            disabled={!view || view.zoom >= MAX_ZOOM}
            onClick={() => zoom(1)}
          >
            +
          </MapButton>
          <MapButton
            label={t('vmsDashboard.map.zoomOut')}
            disabled={!view || view.zoom <= MIN_ZOOM}
            onClick={() => zoom(-1)}
          >
            −
          </MapButton>
          <MapButton
            label={t('vmsDashboard.map.fit')}
            disabled={!view}
            onClick={() => setView(fitView(located, width, HEIGHT))}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="16"
              height="16"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
            </svg>
          </MapButton>
        </div>
        {host && (
          <p className="absolute right-0 bottom-0 z-30 bg-surface/80 px-1.5 text-[11px] text-muted">
            {t('vmsDashboard.map.tiles', { host })}
          </p>
        )}
      </section>
      <p id="vms-map-help" className="text-xs text-muted">
        {t('vmsDashboard.map.help')}
        {sites.length > located.length &&
          ` ${t('vmsDashboard.map.unplaced', { count: sites.length - located.length })}`}
      </p>
    </div>
  );
}

/** Fixed colours: the white mark inside must read on them in both themes. */
const PIN_TONE = { offline: '#c81e1e', alerts: '#b45309', ok: '#1d4ed8' } as const;

/** A map pin; sites needing attention also carry a "!" (colour is not the only signal). */
function Pin({ tone }: { tone: keyof typeof PIN_TONE }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 32" width="26" height="34" className="drop-shadow" data-tone={tone}>
      <path
        d="M12 1C6 1 1.5 5.5 1.5 11.3 1.5 19 12 31 12 31s10.5-12 10.5-19.7C22.5 5.5 18 1 12 1z"
        fill={PIN_TONE[tone]}
        stroke="white"
        strokeWidth="1.5"
      />
      {tone === 'ok' ? (
        <circle cx="12" cy="11.5" r="4" fill="white" />
      ) : (
        <text x="12" y="16.5" textAnchor="middle" fontSize="14" fontWeight="700" fill="white">
          !
        </text>
      )}
    </svg>
  );
}

function MapButton(props: { label: string; disabled?: boolean; onClick(): void; children: React.ReactNode }) {
  return (
    <IconButton
      {...props}
      className="flex h-9 w-9 items-center justify-center rounded-md border border-line bg-surface text-lg font-semibold text-fg shadow hover:bg-sunken disabled:opacity-50"
    />
  );
}
