import {
  type Camera,
  DEFAULT_EVENT_SEVERITY,
  type EventKind,
  type EventSeverity,
  type MotionSource,
  type UpdateCameraInput,
} from '@vigil/shared';
import { MIN_POINTS, type Shape, masksAndZones, shapesOf } from './polygon-model.ts';

/** The kinds a camera's own settings may raise to an alert or keep as information. */
export const SEVERITY_KINDS = [
  'motion',
  'camera.offline',
  'camera.online',
  'recording.gap',
] as const satisfies readonly EventKind[];
export type SeverityKind = (typeof SEVERITY_KINDS)[number];

/** What the "Motion & alerts" dialog edits; numbers stay text while typed (French writes 0,5). */
export interface MotionForm {
  enabled: boolean;
  /** Who notices motion; the choice is offered only for cameras whose own events Vigil receives. */
  source: MotionSource;
  sensitivity: number;
  minArea: string;
  minSeconds: string;
  severity: Record<SeverityKind, EventSeverity>;
  /** '' = no schedule: always armed. */
  scheduleId: string;
  scheduleRecording: boolean;
  shapes: Shape[];
}

export function motionFormOf(camera: Pick<Camera, 'motion' | 'eventSeverity' | 'scheduleId' | 'scheduleRecording'>) {
  const severity = {} as Record<SeverityKind, EventSeverity>;
  for (const kind of SEVERITY_KINDS) severity[kind] = camera.eventSeverity[kind] ?? DEFAULT_EVENT_SEVERITY[kind];
  return {
    enabled: camera.motion.enabled,
    source: camera.motion.source ?? 'vigil',
    sensitivity: camera.motion.sensitivity,
    minArea: String(camera.motion.minArea),
    minSeconds: String(camera.motion.minSeconds),
    severity,
    scheduleId: camera.scheduleId ?? '',
    scheduleRecording: camera.scheduleRecording,
    shapes: shapesOf(camera.motion),
  } satisfies MotionForm;
}

/** A typed number; anything else goes to the server as it is, whose field error then says why. */
function numberOf(text: string): number {
  const t = text.trim().replace(',', '.');
  return t === '' ? Number.NaN : Number(t);
}

/** One PATCH for the whole dialog: the server checks it (and answers field errors) as one. */
export function motionPatchOf(form: MotionForm): UpdateCameraInput {
  const minArea = numberOf(form.minArea);
  const minSeconds = numberOf(form.minSeconds);
  return {
    motion: {
      enabled: form.enabled,
      source: form.source,
      sensitivity: form.sensitivity,
      // NaN would travel as null: send the text instead, so the server's message names the field.
      minArea: Number.isFinite(minArea) ? minArea : (form.minArea as unknown as number),
      minSeconds: Number.isFinite(minSeconds) ? minSeconds : (form.minSeconds as unknown as number),
      ...masksAndZones(form.shapes),
    },
    eventSeverity: { ...form.severity },
    scheduleId: form.scheduleId || null,
    scheduleRecording: form.scheduleRecording,
  };
}

export type ShapeProblem = 'tooFewPoints' | 'nameMissing' | 'nameTaken';

/** What the server will refuse, per shape, so the list can point at the culprit. */
export function shapeProblems(shapes: readonly Shape[]): (ShapeProblem | null)[] {
  const names = new Map<string, number>();
  for (const s of shapes)
    if (s.kind === 'zone') names.set(s.name.trim().toLowerCase(), (names.get(s.name.trim().toLowerCase()) ?? 0) + 1);
  return shapes.map((s) => {
    if (s.points.length < MIN_POINTS) return 'tooFewPoints';
    if (s.kind !== 'zone') return null;
    if (!s.name.trim()) return 'nameMissing';
    return (names.get(s.name.trim().toLowerCase()) ?? 0) > 1 ? 'nameTaken' : null;
  });
}
