import { type KeyboardEvent, type MouseEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import {
  type Box,
  type Point,
  type Shape,
  appendPoint,
  centroid,
  hitEdge,
  hitShape,
  insertPoint,
  movePoint,
  nudgePoint,
  removePoint,
  svgPoints,
  toFraction,
} from '../polygon-model.ts';
import type { SnapshotState } from './use-snapshot.ts';

/** Zone outlines cycle through these (readable on a grey picture, in both themes). */
export const ZONE_COLOURS = ['#22d3ee', '#facc15', '#4ade80', '#f472b6', '#fb923c', '#a78bfa'];

/** A zone keeps its colour whatever masks come before it: the colour follows its place among zones. */
export function zoneColour(shapes: readonly Shape[], index: number): string {
  const n = shapes.slice(0, index).filter((s) => s.kind === 'zone').length;
  return ZONE_COLOURS[n % ZONE_COLOURS.length]!;
}

export interface Drawing {
  kind: Shape['kind'];
  points: Point[];
}

export interface ZoneCanvasProps {
  snapshot: SnapshotState;
  shapes: Shape[];
  drawing: Drawing | null;
  selected: number | null;
  onShapes(shapes: Shape[]): void;
  onDrawing(drawing: Drawing): void;
  onSelect(index: number | null): void;
  onFinish(): void;
  /** A label for each shape ("Mask 1", the zone's name). */
  labelOf(index: number): string;
}

/** A step of the arrow keys: 1 % of the picture, 5 % with Shift. */
const STEP = 0.01;
const BIG_STEP = 0.05;

/** The picture with the masks and zones drawn over it (SVG, viewBox 0..1) and the points as buttons. */
export function ZoneCanvas(props: ZoneCanvasProps) {
  const { snapshot, shapes, drawing, selected, onShapes, onDrawing, onSelect, labelOf } = props;
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);
  // The picture's own shape once it has loaded; a 16:9 box until then, so the frame (and every
  // point drawn over it) does not collapse to nothing and jump when the bytes arrive.
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);

  const box = (): Box => {
    const r = frame.current?.getBoundingClientRect();
    return r
      ? { left: r.left, top: r.top, width: r.width, height: r.height }
      : { left: 0, top: 0, width: 1, height: 1 };
  };
  const editing: Point[] | null = drawing
    ? drawing.points
    : selected !== null
      ? (shapes[selected]?.points ?? null)
      : null;
  const setEditing = (points: Point[]) => {
    if (drawing) onDrawing({ ...drawing, points });
    else if (selected !== null) onShapes(shapes.map((s, i) => (i === selected ? ({ ...s, points } as Shape) : s)));
  };

  const click = (e: MouseEvent<SVGSVGElement>) => {
    const b = box();
    const p = toFraction(e.clientX, e.clientY, b);
    if (drawing) return onDrawing({ ...drawing, points: appendPoint(drawing.points, p, b) });
    const current = selected !== null ? shapes[selected] : undefined;
    const edge = current ? hitEdge(p, current.points, b) : -1;
    if (current && edge >= 0) return setEditing(insertPoint(current.points, edge, p));
    const hit = hitShape(p, shapes, b);
    onSelect(hit >= 0 ? hit : null);
  };

  const handleKey = (index: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!editing) return;
    const step = e.shiftKey ? BIG_STEP : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      setEditing(nudgePoint(editing, index, move[0], move[1]));
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      setEditing(removePoint(editing, index));
    }
  };

  const drag = (index: number) => ({
    onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
      e.currentTarget.setPointerCapture(e.pointerId);
      dragging.current = index;
    },
    onPointerMove: (e: PointerEvent<HTMLButtonElement>) => {
      if (dragging.current !== index || !editing) return;
      setEditing(movePoint(editing, index, toFraction(e.clientX, e.clientY, box())));
    },
    onPointerUp: () => {
      dragging.current = null;
    },
  });

  const owner = drawing
    ? t(drawing.kind === 'zone' ? 'cameras.zones.newZone' : 'cameras.zones.newMask')
    : selected !== null
      ? labelOf(selected)
      : '';
  return (
    // The second click of a double-click lands on the point the first one added: listen on the frame.
    // Pointer only: the Finish button is the keyboard's way.
    // biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut with a labelled button beside it
    <div
      ref={frame}
      className="relative w-full touch-none select-none overflow-hidden rounded-md bg-black"
      onDoubleClick={() => drawing && props.onFinish()}
    >
      {snapshot.status === 'ready' ? (
        <img
          src={snapshot.url}
          alt={t('cameras.zones.pictureAlt')}
          className={cn('block w-full', loadedUrl === snapshot.url ? 'h-auto' : 'aspect-video')}
          onLoad={() => setLoadedUrl(snapshot.url)}
          draggable={false}
        />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center p-4 text-center text-sm text-white/80">
          {snapshot.status === 'loading' ? t('cameras.zones.loadingPicture') : t('cameras.zones.noPicture')}
        </div>
      )}
      <svg
        viewBox="0 0 1 1"
        preserveAspectRatio="none"
        className={cn('absolute inset-0 h-full w-full', drawing ? 'cursor-crosshair' : 'cursor-pointer')}
        onClick={click}
        aria-hidden="true"
        data-testid="zone-canvas"
      >
        <defs>
          <pattern
            id="mask-hatch"
            width="0.02"
            height="0.02"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="0.02" height="0.02" fill="rgba(0,0,0,0.55)" />
            <line x1="0" y1="0" x2="0" y2="0.02" stroke="rgba(255,255,255,0.45)" strokeWidth="0.006" />
          </pattern>
        </defs>
        {shapes.map((s, i) => {
          const colour = zoneColour(shapes, i);
          const mask = s.kind === 'mask';
          const width = selected === i ? 3.5 : 2;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: shapes have no identity beyond their place
            <g key={i}>
              {/* A dark edge under the colour: the outline stays visible on any picture. */}
              <polygon
                points={svgPoints(s.points)}
                fill="none"
                stroke="rgba(0,0,0,0.7)"
                strokeWidth={width + 2}
                vectorEffect="non-scaling-stroke"
              />
              <polygon
                points={svgPoints(s.points)}
                fill={mask ? 'url(#mask-hatch)' : `${colour}33`}
                stroke={mask ? '#ffffff' : colour}
                strokeDasharray={mask ? '4 3' : undefined}
                strokeWidth={width}
                vectorEffect="non-scaling-stroke"
                data-kind={s.kind}
              />
            </g>
          );
        })}
        {drawing && drawing.points.length > 0 && (
          <polyline
            points={svgPoints(drawing.points)}
            fill={drawing.kind === 'mask' ? 'rgba(0,0,0,0.35)' : 'rgba(34,211,238,0.2)'}
            stroke="#ffffff"
            strokeWidth={2}
            strokeDasharray="6 4"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
      {shapes.map((s, i) => {
        if (s.kind !== 'zone' || !s.points.length) return null;
        const [x, y] = centroid(s.points);
        return (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: shapes have no identity beyond their place
            key={i}
            aria-hidden="true"
            className="pointer-events-none absolute -translate-x-1/2 -translate-y-1/2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-white"
            style={{ left: `${x * 100}%`, top: `${y * 100}%`, color: zoneColour(shapes, i) }}
          >
            {s.name}
          </span>
        );
      })}
      {editing?.map(([x, y], i) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: a point is its place in the polygon
          key={i}
          type="button"
          className="absolute flex h-6 w-6 -translate-x-1/2 -translate-y-1/2 cursor-move items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white"
          style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
          aria-label={t('cameras.zones.pointLabel', { n: i + 1, total: editing.length, owner })}
          aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Delete"
          onKeyDown={handleKey(i)}
          // Closing the outline on its first point finishes it, as in drawing programs.
          onClick={() => drawing && i === 0 && drawing.points.length >= 3 && props.onFinish()}
          {...drag(i)}
          data-testid="zone-point"
        >
          <span className="block h-3 w-3 rounded-full border-2 border-white bg-primary shadow" />
        </button>
      ))}
    </div>
  );
}
