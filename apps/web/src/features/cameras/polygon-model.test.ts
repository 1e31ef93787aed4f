import { describe, expect, it } from 'vitest';
import {
  type Point,
  type Shape,
  appendPoint,
  centroid,
  hitEdge,
  hitShape,
  hitVertex,
  insertPoint,
  masksAndZones,
  movePoint,
  nextZoneName,
  nudgePoint,
  pointInPolygon,
  removePoint,
  shapesOf,
  svgPoints,
  toFraction,
  toPixels,
} from './polygon-model.ts';

const box = { left: 100, top: 50, width: 640, height: 360 };
const square: Point[] = [
  [0.25, 0.25],
  [0.75, 0.25],
  [0.75, 0.75],
  [0.25, 0.75],
];

describe('fractions and pixels', () => {
  it('maps a click to fractions of the picture and back', () => {
    expect(toFraction(100 + 320, 50 + 90, box)).toEqual([0.5, 0.25]);
    expect(toPixels([0.5, 0.25], box)).toEqual({ x: 420, y: 140 });
  });

  it('keeps clicks outside the picture on its edge and rounds to four decimals', () => {
    expect(toFraction(0, 1000, box)).toEqual([0, 1]);
    expect(toFraction(100 + 213, 50, box)).toEqual([0.3328, 0]);
    expect(toFraction(5, 5, { left: 0, top: 0, width: 0, height: 0 })).toEqual([0, 0]);
  });
});

describe('hit testing', () => {
  it('knows inside from outside', () => {
    expect(pointInPolygon([0.5, 0.5], square)).toBe(true);
    expect(pointInPolygon([0.1, 0.5], square)).toBe(false);
    const triangle: Point[] = [
      [0, 0],
      [1, 0],
      [0, 1],
    ];
    expect(pointInPolygon([0.6, 0.6], triangle)).toBe(false);
    expect(pointInPolygon([0.2, 0.2], triangle)).toBe(true);
  });

  it('finds the nearest point within a few pixels, in pixels not fractions', () => {
    // 0.01 of the width is 6.4 px; 0.01 of the height is 3.6 px.
    expect(hitVertex([0.26, 0.26], square, box)).toBe(0);
    expect(hitVertex([0.3, 0.25], square, box)).toBe(-1);
    expect(hitVertex([0.75, 0.27], square, box)).toBe(1);
  });

  it('finds an edge, including the closing one', () => {
    expect(hitEdge([0.5, 0.26], square, box)).toBe(0);
    expect(hitEdge([0.25, 0.5], square, box)).toBe(3);
    expect(hitEdge([0.5, 0.5], square, box)).toBe(-1);
  });

  it('picks the topmost shape under the pointer', () => {
    const shapes: Shape[] = [
      { kind: 'mask', points: square },
      { kind: 'zone', name: 'Door', points: square.map(([x, y]) => [x / 2, y / 2] as Point) },
    ];
    expect(hitShape([0.3, 0.3], shapes, box)).toBe(1);
    expect(hitShape([0.6, 0.6], shapes, box)).toBe(0);
    expect(hitShape([0.9, 0.9], shapes, box)).toBe(-1);
  });
});

describe('editing points', () => {
  it('appends points but ignores the second click of a double-click', () => {
    let p = appendPoint([], [0.1, 0.1], box);
    p = appendPoint(p, [0.5, 0.1], box);
    p = appendPoint(p, [0.5001, 0.1], box);
    expect(p).toEqual([
      [0.1, 0.1],
      [0.5, 0.1],
    ]);
  });

  it('inserts a point on an edge', () => {
    expect(insertPoint(square, 0, [0.5, 0.25])[1]).toEqual([0.5, 0.25]);
    expect(insertPoint(square, 3, [0.25, 0.5])).toHaveLength(5);
    expect(insertPoint(square, 3, [0.25, 0.5])[4]).toEqual([0.25, 0.5]);
  });

  it('moves, nudges within the picture, and removes', () => {
    expect(movePoint(square, 2, [1.2, -0.1])[2]).toEqual([1, 0]);
    expect(nudgePoint(square, 0, -0.01, 0.01)[0]).toEqual([0.24, 0.26]);
    expect(nudgePoint([[0, 0.5]], 0, -0.05, 0)[0]).toEqual([0, 0.5]);
    expect(removePoint(square, 1)).toEqual([square[0], square[2], square[3]]);
    // Pure: the original is untouched.
    expect(square[2]).toEqual([0.75, 0.75]);
  });

  it('draws in the 0..1 viewBox and labels at the middle', () => {
    expect(svgPoints(square.slice(0, 2))).toBe('0.25,0.25 0.75,0.25');
    expect(centroid(square)).toEqual([0.5, 0.5]);
  });
});

describe('shapes ↔ motion settings', () => {
  it('round-trips masks and zones', () => {
    const motion = { masks: [square], zones: [{ name: 'Door', points: square }] };
    const shapes = shapesOf(motion);
    expect(shapes.map((s) => s.kind)).toEqual(['mask', 'zone']);
    expect(masksAndZones(shapes)).toEqual(motion);
  });

  it('names a new zone with a free number', () => {
    const shapes: Shape[] = [{ kind: 'zone', name: 'zone 1', points: square }];
    expect(nextZoneName(shapes, 'Zone')).toBe('Zone 2');
    expect(nextZoneName([], 'Zone')).toBe('Zone 1');
  });
});
