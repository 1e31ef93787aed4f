import type { MotionSettings } from '@vigil/shared';

/**
 * Pure geometry of the motion mask/zone editor. Points are [x, y] fractions (0–1) of the
 * picture from its top left, as the API stores them; the screen speaks pixels of the
 * displayed picture. Nothing here touches the DOM.
 */
export type Point = [number, number];
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The server takes at least 3 points (and at most 64) per polygon. */
export const MIN_POINTS = 3;
export const MAX_POINTS = 64;
/** How far a click may be from a point or an edge and still hit it, in pixels. */
export const HIT_PIXELS = 12;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
/** Four decimals: a tenth of a pixel on a 4K picture, and short JSON. */
const round = (v: number) => Math.round(v * 10_000) / 10_000;

export function toFraction(clientX: number, clientY: number, box: Box): Point {
  if (box.width <= 0 || box.height <= 0) return [0, 0];
  return [round(clamp01((clientX - box.left) / box.width)), round(clamp01((clientY - box.top) / box.height))];
}

export function toPixels([x, y]: Point, box: Box): { x: number; y: number } {
  return { x: box.left + x * box.width, y: box.top + y * box.height };
}

function pixelDistance(a: Point, b: Point, box: Box): number {
  return Math.hypot((a[0] - b[0]) * box.width, (a[1] - b[1]) * box.height);
}

/** Distance in pixels from p to the segment a–b, and where along it (0–1) the nearest point lies. */
function segmentDistance(p: Point, a: Point, b: Point, box: Box): { distance: number; t: number } {
  const ax = a[0] * box.width;
  const ay = a[1] * box.height;
  const dx = b[0] * box.width - ax;
  const dy = b[1] * box.height - ay;
  const px = p[0] * box.width - ax;
  const py = p[1] * box.height - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, (px * dx + py * dy) / len2));
  return { distance: Math.hypot(px - t * dx, py - t * dy), t };
}

/** Ray casting: is p inside the polygon (fractions)? */
export function pointInPolygon(p: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The index of the polygon's point within `tolerance` pixels of p (the nearest), or -1. */
export function hitVertex(p: Point, polygon: readonly Point[], box: Box, tolerance = HIT_PIXELS): number {
  let best = -1;
  let bestDistance = tolerance;
  polygon.forEach((q, i) => {
    const d = pixelDistance(p, q, box);
    if (d <= bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}

/** The edge (index of its first point) within `tolerance` pixels of p, or -1. Edges close the polygon. */
export function hitEdge(p: Point, polygon: readonly Point[], box: Box, tolerance = HIT_PIXELS): number {
  let best = -1;
  let bestDistance = tolerance;
  for (let i = 0; i < polygon.length; i++) {
    const { distance } = segmentDistance(p, polygon[i]!, polygon[(i + 1) % polygon.length]!, box);
    if (distance <= bestDistance) {
      best = i;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Adds a point while drawing. A point on top of the last one is ignored: the second click of a
 * double-click (which finishes the polygon) must not add a duplicate corner.
 */
export function appendPoint(polygon: readonly Point[], p: Point, box: Box): Point[] {
  const last = polygon[polygon.length - 1];
  if (polygon.length >= MAX_POINTS || (last && pixelDistance(last, p, box) < 4)) return [...polygon];
  return [...polygon, p];
}

/** Inserts p on the edge that starts at `edge` (between points edge and edge + 1). */
export function insertPoint(polygon: readonly Point[], edge: number, p: Point): Point[] {
  if (polygon.length >= MAX_POINTS) return [...polygon];
  const next = [...polygon];
  next.splice(edge + 1, 0, p);
  return next;
}

export function movePoint(polygon: readonly Point[], index: number, p: Point): Point[] {
  return polygon.map((q, i) => (i === index ? ([round(clamp01(p[0])), round(clamp01(p[1]))] as Point) : q));
}

/** Moves a point by a step in fractions (arrow keys), kept inside the picture. */
export function nudgePoint(polygon: readonly Point[], index: number, dx: number, dy: number): Point[] {
  const q = polygon[index];
  return q ? movePoint(polygon, index, [q[0] + dx, q[1] + dy]) : [...polygon];
}

export function removePoint(polygon: readonly Point[], index: number): Point[] {
  return polygon.filter((_, i) => i !== index);
}

/** The SVG `points` attribute (viewBox 0..1). */
export function svgPoints(polygon: readonly Point[]): string {
  return polygon.map(([x, y]) => `${x},${y}`).join(' ');
}

/** Where to write a polygon's label: its average point. */
export function centroid(polygon: readonly Point[]): Point {
  if (!polygon.length) return [0.5, 0.5];
  const sx = polygon.reduce((s, p) => s + p[0], 0);
  const sy = polygon.reduce((s, p) => s + p[1], 0);
  return [sx / polygon.length, sy / polygon.length];
}

/** The editor's one list of shapes: masks (ignored areas) and named zones (the only watched areas). */
export type Shape = { kind: 'mask'; points: Point[] } | { kind: 'zone'; name: string; points: Point[] };

export function shapesOf(motion: Pick<MotionSettings, 'masks' | 'zones'>): Shape[] {
  return [
    ...motion.masks.map((points): Shape => ({ kind: 'mask', points: points.map(([x, y]) => [x, y] as Point) })),
    ...motion.zones.map(
      (z): Shape => ({ kind: 'zone', name: z.name, points: z.points.map(([x, y]) => [x, y] as Point) }),
    ),
  ];
}

export function masksAndZones(shapes: readonly Shape[]): Pick<MotionSettings, 'masks' | 'zones'> {
  return {
    masks: shapes.filter((s) => s.kind === 'mask').map((s) => s.points),
    zones: shapes.flatMap((s) => (s.kind === 'zone' ? [{ name: s.name, points: s.points }] : [])),
  };
}

/** A new zone's default name: "Zone 1", "Zone 2"… not already taken (names must differ). */
export function nextZoneName(shapes: readonly Shape[], base: string): string {
  const taken = new Set(shapes.flatMap((s) => (s.kind === 'zone' ? [s.name.trim().toLowerCase()] : [])));
  for (let n = 1; ; n++) if (!taken.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`;
}

/** The topmost shape (drawn last) under p: a click inside selects it. -1 for none. */
export function hitShape(p: Point, shapes: readonly Shape[], box: Box): number {
  for (let i = shapes.length - 1; i >= 0; i--) {
    const s = shapes[i]!;
    if (pointInPolygon(p, s.points) || hitEdge(p, s.points, box) >= 0) return i;
  }
  return -1;
}
