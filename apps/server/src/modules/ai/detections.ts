import type { CameraAiSettings, Detection, MotionSettings } from '@vigil/shared';

/**
 * What a camera keeps of what a detector saw: its labels, at or above its minimum
 * score, each label only inside the zones it is limited to. A box is "in" a zone when its bottom
 * centre is (where a person stands or a car touches the ground), so a person walking past the
 * driveway's edge is not in the driveway.
 */
type Zone = MotionSettings['zones'][number];

function inside(point: [number, number], polygon: [number, number][]): boolean {
  const [px, py] = point;
  let hit = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/** The camera's motion zones the box's bottom centre lies in. */
export function zonesOf(box: Detection['box'], zones: readonly Zone[]): string[] {
  // Just above the bottom edge: a box standing on the picture's edge is still in a zone drawn to it.
  const foot: [number, number] = [(box[0] + box[2]) / 2, Math.min(box[3], 0.999)];
  return zones.filter((z) => inside(foot, z.points as [number, number][])).map((z) => z.name);
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** Kept detections, best first, each with the zones it is in (when the camera has zones). */
export function keepDetections(found: readonly Detection[], ai: CameraAiSettings, zones: readonly Zone[]): Detection[] {
  const out: Detection[] = [];
  for (const d of found) {
    if (!(ai.labels as string[]).includes(d.label) || !(d.score >= ai.minScore)) continue;
    const box = d.box.map(clamp) as Detection['box'];
    const inZones = zonesOf(box, zones);
    const only = ai.labelZones[d.label as keyof typeof ai.labelZones];
    if (only && only.length > 0) {
      const wanted = new Set(only.map((n) => n.toLowerCase()));
      if (!inZones.some((n) => wanted.has(n.toLowerCase()))) continue;
    }
    out.push({
      label: d.label,
      score: Math.round(d.score * 1000) / 1000,
      box,
      ...(zones.length ? { zones: inZones } : {}),
    });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** Whether any kept label makes the detection an alert. */
export const isAlert = (kept: readonly Detection[], ai: CameraAiSettings) =>
  kept.some((d) => (ai.alertLabels as string[]).includes(d.label));
