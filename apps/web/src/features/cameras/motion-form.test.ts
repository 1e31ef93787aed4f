import { describe, expect, it } from 'vitest';
import { motionFormOf, motionPatchOf, shapeProblems } from './motion-form.ts';
import type { Point } from './polygon-model.ts';

const tri: Point[] = [
  [0.1, 0.1],
  [0.5, 0.1],
  [0.3, 0.5],
];
const camera = {
  motion: {
    enabled: true,
    source: 'both' as const,
    sensitivity: 40,
    minArea: 0.2,
    minSeconds: 1,
    masks: [tri],
    zones: [],
  },
  eventSeverity: { 'camera.online': 'alert' as const },
  scheduleId: null,
  scheduleRecording: false,
};

describe('motion form', () => {
  it('fills severities from the defaults and round-trips into one patch', () => {
    const form = motionFormOf(camera);
    expect(form.severity).toEqual({
      motion: 'alert',
      'camera.offline': 'alert',
      'camera.online': 'alert',
      'recording.gap': 'info',
    });
    expect(form.scheduleId).toBe('');
    const patch = motionPatchOf({ ...form, minArea: '0,5', scheduleId: 's1', scheduleRecording: true });
    expect(patch).toEqual({
      motion: { enabled: true, source: 'both', sensitivity: 40, minArea: 0.5, minSeconds: 1, masks: [tri], zones: [] },
      eventSeverity: form.severity,
      scheduleId: 's1',
      scheduleRecording: true,
    });
    expect(motionPatchOf(form).scheduleId).toBeNull();
  });

  it('sends unreadable numbers as typed, for the server to name', () => {
    expect(motionPatchOf({ ...motionFormOf(camera), minSeconds: 'abc' }).motion?.minSeconds).toBe('abc');
  });

  it('points at shapes the server would refuse', () => {
    expect(
      shapeProblems([
        { kind: 'mask', points: tri.slice(0, 2) },
        { kind: 'zone', name: ' ', points: tri },
        { kind: 'zone', name: 'Door', points: tri },
        { kind: 'zone', name: 'door', points: tri },
        { kind: 'mask', points: tri },
      ]),
    ).toEqual(['tooFewPoints', 'nameMissing', 'nameTaken', 'nameTaken', null]);
  });
});
