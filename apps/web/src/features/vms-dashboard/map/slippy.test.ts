import { describe, expect, it } from 'vitest';
import {
  MAX_ZOOM,
  SINGLE_ZOOM,
  TILE,
  fitView,
  panView,
  placeIn,
  project,
  tileUrl,
  tilesFor,
  unproject,
  zoomView,
} from './slippy.ts';

const PARIS = { latitude: 48.8566, longitude: 2.3522 };
const LYON = { latitude: 45.764, longitude: 4.8357 };
const MARSEILLE = { latitude: 43.2965, longitude: 5.3698 };

describe('Web Mercator', () => {
  it('puts Paris in the OpenStreetMap tile 10/518/352', () => {
    const p = project(PARIS, 10);
    expect([Math.floor(p.x / TILE), Math.floor(p.y / TILE)]).toEqual([518, 352]);
  });

  it('maps the world corners and the origin', () => {
    expect(project({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(project({ latitude: 0, longitude: -180 }, 1).x).toBe(0);
    // Beyond ±85.05° the map ends: clamped to the world's edge.
    expect(project({ latitude: 90, longitude: 0 }, 2).y).toBeCloseTo(0, 6);
    expect(project({ latitude: -90, longitude: 0 }, 2).y).toBeCloseTo(1024, 6);
  });

  it('unproject undoes project', () => {
    const back = unproject(project(LYON, 13), 13);
    expect(back.latitude).toBeCloseTo(LYON.latitude, 9);
    expect(back.longitude).toBeCloseTo(LYON.longitude, 9);
  });
});

describe('zoom to fit', () => {
  const [w, h] = [600, 320];
  it('chooses the largest zoom at which every site fits, with the padding', () => {
    const sites = [PARIS, LYON, MARSEILLE];
    const view = fitView(sites, w, h, 40);
    const inside = (v: typeof view) =>
      sites.every((s) => {
        const p = placeIn(v, w, h, s);
        return p.x >= 40 - 0.5 && p.x <= w - 40 + 0.5 && p.y >= 40 - 0.5 && p.y <= h - 40 + 0.5;
      });
    expect(inside(view)).toBe(true);
    expect(inside(zoomView(view, 1, h))).toBe(false);
    expect(view.zoom).toBe(5);
  });

  it('centres one site at the single-site zoom', () => {
    const view = fitView([PARIS], w, h);
    expect(view.zoom).toBe(SINGLE_ZOOM);
    expect(placeIn(view, w, h, PARIS)).toEqual({ x: w / 2, y: h / 2 });
  });

  it('never passes the zoom bounds and keeps the frame inside the world vertically', () => {
    expect(zoomView(fitView([PARIS], w, h), 10, h).zoom).toBe(MAX_ZOOM);
    const far = fitView(
      [
        { latitude: 80, longitude: 0 },
        { latitude: -80, longitude: 10 },
      ],
      w,
      h,
    );
    expect(far.zoom).toBe(1);
    // At zoom 1 the world is 512 px high: taller than the 320 px frame, so the frame stays inside it.
    expect(far.center.y).toBeGreaterThanOrEqual(h / 2);
    expect(far.center.y).toBeLessThanOrEqual(512 - h / 2);
    expect(panView(far, 0, -10_000, h).center.y).toBe(h / 2);
  });

  it('zooming in doubles the centre, keeping the same place in the middle', () => {
    const view = fitView([PARIS, LYON], w, h);
    const closer = zoomView(view, 1, h);
    expect(closer.center.x).toBeCloseTo(view.center.x * 2, 6);
    expect(unproject(closer.center, closer.zoom).longitude).toBeCloseTo(unproject(view.center, view.zoom).longitude, 9);
  });
});

describe('tiles', () => {
  it('fills the template', () => {
    expect(tileUrl('http://127.0.0.1:8080/{z}/{x}/{y}.png', 3, 4, 5)).toBe('http://127.0.0.1:8080/3/4/5.png');
    expect(tileUrl('https://{s}.tile.example/{z}/{x}/{y}.png?k=1', 1, 0, 1)).toBe(
      'https://a.tile.example/1/0/1.png?k=1',
    );
  });

  it('covers the frame with tiles that wrap sideways and stop at the poles', () => {
    // Zoom 1: a 512 × 512 world in a 600 × 320 frame centred on (0, 256): columns -2..1, rows 0..1.
    const tiles = tilesFor({ zoom: 1, center: { x: 0, y: 256 } }, 600, 320, '{z}/{x}/{y}');
    expect(tiles.map((t) => t.url).sort()).toEqual(
      ['1/0/0', '1/0/1', '1/1/0', '1/1/1', '1/0/0', '1/0/1', '1/1/0', '1/1/1'].sort(),
    );
    const first = tiles.find((t) => t.key === '1/-2/0')!;
    expect(first.left).toBe(-512 + 300);
    expect(first.top).toBe(-256 + 160);
    // Every pixel of the frame is under some tile.
    for (const [px, py] of [
      [0, 0],
      [599, 319],
      [300, 160],
    ] as const) {
      expect(tiles.some((t) => px >= t.left && px < t.left + TILE && py >= t.top && py < t.top + TILE)).toBe(true);
    }
  });
});
