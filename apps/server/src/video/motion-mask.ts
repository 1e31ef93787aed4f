import type { MotionSettings } from '@vigil/shared';
import type { MotionDetectorOptions } from './motion-detector.ts';

/**
 * Masks and zones (fractions of the picture) as pixel maps of the detector's small frame, and the
 * per-camera settings as detector options. Pure. A pixel belongs to a polygon when its centre does
 * (even-odd rule), so a zone drawn over a doorway covers the detector pixels whose middle is inside.
 */
export type Polygon = readonly (readonly [number, number])[];

export function rasterize(polygon: Polygon, width: number, height: number, into?: Uint8Array): Uint8Array {
  const out = into ?? new Uint8Array(width * height);
  const n = polygon.length;
  for (let y = 0; y < height; y++) {
    const py = (y + 0.5) / height;
    for (let x = 0; x < width; x++) {
      const px = (x + 0.5) / width;
      let inside = false;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const [xi, yi] = polygon[i]!;
        const [xj, yj] = polygon[j]!;
        if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
      }
      if (inside) out[y * width + x] = 1;
    }
  }
  return out;
}

/**
 * Sensitivity 1–100 → the gray-level change a pixel needs: 50 is the tuned default of 20 levels,
 * 100 notices 6, 1 needs 45.
 */
export function pixelThresholdOf(sensitivity: number): number {
  const s = Math.min(100, Math.max(1, sensitivity));
  return Math.round(s <= 50 ? 45 - ((s - 1) * 25) / 49 : 20 - ((s - 50) * 14) / 50);
}

/**
 * Detector options for a camera. `sparse`: frames come only at keyframes (about one a second), so
 * one moving frame starts motion (two at 5 fps: one noisy frame is not enough there).
 */
export function detectorOptions(
  settings: MotionSettings,
  frame: { width: number; height: number },
  sparse: boolean,
): MotionDetectorOptions {
  const { width, height } = frame;
  const startArea = settings.minArea / 100;
  let mask: Uint8Array | undefined;
  if (settings.masks.length) {
    mask = new Uint8Array(width * height);
    for (const m of settings.masks) rasterize(m, width, height, mask);
  }
  const zones = settings.zones.map((z) => ({ name: z.name, pixels: rasterize(z.points, width, height) }));
  return {
    width,
    height,
    pixelThreshold: pixelThresholdOf(settings.sensitivity),
    startArea,
    stopArea: startArea / 2,
    startFrames: sparse ? 1 : 2,
    sparse,
    minDurationMs: settings.minSeconds * 1000,
    mask,
    zones,
  };
}
