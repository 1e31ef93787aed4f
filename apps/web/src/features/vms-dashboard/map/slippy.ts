/**
 * Web Mercator tile math for the dashboard's small slippy map (the OpenStreetMap scheme:
 * 256-pixel tiles, z/x/y from the top-left). "World pixels" are pixels of the whole world at a
 * zoom: 256 · 2^z wide. Pure, so every step is unit-tested.
 */
export const TILE = 256;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 18;
/** One site alone: close enough to see the streets, far enough to see where it is. */
export const SINGLE_ZOOM = 14;
/** Beyond this latitude Web Mercator has no map (its square world). */
const MAX_LAT = 85.05112878;

export interface Point {
  x: number;
  y: number;
}
export interface LatLon {
  latitude: number;
  longitude: number;
}
/** What the map shows: a zoom and the world pixel at the centre of the frame. */
export interface View {
  zoom: number;
  center: Point;
}

export const worldSize = (zoom: number) => TILE * 2 ** zoom;

/** A coordinate's world pixel at a zoom. */
export function project({ latitude, longitude }: LatLon, zoom: number): Point {
  const lat = (Math.max(-MAX_LAT, Math.min(MAX_LAT, latitude)) * Math.PI) / 180;
  const size = worldSize(zoom);
  return {
    x: ((longitude + 180) / 360) * size,
    y: ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * size,
  };
}

/** The coordinate at a world pixel (the inverse of project). */
export function unproject({ x, y }: Point, zoom: number): LatLon {
  const size = worldSize(zoom);
  const n = Math.PI - (2 * Math.PI * y) / size;
  return { longitude: (x / size) * 360 - 180, latitude: (180 / Math.PI) * Math.atan(Math.sinh(n)) };
}

/** The largest zoom at which every point fits the frame with `padding` pixels to spare on each side. */
export function fitView(points: readonly LatLon[], width: number, height: number, padding = 40): View {
  if (points.length === 0)
    return { zoom: MIN_ZOOM, center: { x: worldSize(MIN_ZOOM) / 2, y: worldSize(MIN_ZOOM) / 2 } };
  const at0 = points.map((p) => project(p, 0));
  const xs = at0.map((p) => p.x);
  const ys = at0.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const roomX = Math.max(1, width - 2 * padding);
  const roomY = Math.max(1, height - 2 * padding);
  let zoom = SINGLE_ZOOM;
  if (spanX > 0 || spanY > 0) {
    const scale = Math.min(
      spanX > 0 ? roomX / spanX : Number.POSITIVE_INFINITY,
      spanY > 0 ? roomY / spanY : Number.POSITIVE_INFINITY,
    );
    zoom = Math.min(SINGLE_ZOOM, Math.floor(Math.log2(scale)));
  }
  zoom = clampZoom(zoom);
  const k = 2 ** zoom;
  return { zoom, center: clampCenter({ x: ((minX + maxX) / 2) * k, y: ((minY + maxY) / 2) * k }, zoom, height) };
}

export const clampZoom = (zoom: number) => Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, Math.round(zoom)));

/** Keeps the frame inside the world vertically (horizontally the world repeats). */
export function clampCenter(center: Point, zoom: number, height: number): Point {
  const size = worldSize(zoom);
  const half = height / 2;
  const y = size <= height ? size / 2 : Math.max(half, Math.min(size - half, center.y));
  return { x: center.x, y };
}

/** Zooms by whole steps about the centre of the frame. */
export function zoomView(view: View, delta: number, height: number): View {
  const zoom = clampZoom(view.zoom + delta);
  const k = 2 ** (zoom - view.zoom);
  return { zoom, center: clampCenter({ x: view.center.x * k, y: view.center.y * k }, zoom, height) };
}

/** Moves the frame by pixels. */
export function panView(view: View, dx: number, dy: number, height: number): View {
  return { zoom: view.zoom, center: clampCenter({ x: view.center.x + dx, y: view.center.y + dy }, view.zoom, height) };
}

export interface Tile {
  key: string;
  url: string;
  /** Where the tile's top-left corner sits in the frame, in pixels. */
  left: number;
  top: number;
}

/** The template's {z}/{x}/{y} filled in ({s} becomes "a", for templates with subdomains). */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template
    .replaceAll('{z}', String(z))
    .replaceAll('{x}', String(x))
    .replaceAll('{y}', String(y))
    .replaceAll('{s}', 'a');
}

/** The frame's top-left world pixel. */
export const origin = (view: View, width: number, height: number): Point => ({
  x: view.center.x - width / 2,
  y: view.center.y - height / 2,
});

/** Every tile the frame touches (columns wrap around the world, rows stop at its edges). */
export function tilesFor(view: View, width: number, height: number, template: string): Tile[] {
  const n = 2 ** view.zoom;
  const o = origin(view, width, height);
  const x0 = Math.floor(o.x / TILE);
  const x1 = Math.floor((o.x + width - 1) / TILE);
  const y0 = Math.max(0, Math.floor(o.y / TILE));
  const y1 = Math.min(n - 1, Math.floor((o.y + height - 1) / TILE));
  const tiles: Tile[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const wrapped = ((x % n) + n) % n;
      tiles.push({
        key: `${view.zoom}/${x}/${y}`,
        url: tileUrl(template, view.zoom, wrapped, y),
        left: Math.round(x * TILE - o.x),
        top: Math.round(y * TILE - o.y),
      });
    }
  }
  return tiles;
}

/** A coordinate's place in the frame, in pixels (the copy of the world nearest the centre). */
export function placeIn(view: View, width: number, height: number, point: LatLon): Point {
  const p = project(point, view.zoom);
  const size = worldSize(view.zoom);
  // The world repeats sideways: take the copy of the point closest to the frame's centre.
  const dx = p.x - view.center.x;
  const x = p.x - Math.round(dx / size) * size;
  const o = origin(view, width, height);
  return { x: x - o.x, y: p.y - o.y };
}
