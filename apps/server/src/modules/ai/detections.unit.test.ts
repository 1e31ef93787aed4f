import { cameraAiSettingsOf } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { DRIVEWAY_ZONE } from '../../../test/zones.ts';
import { isAlert, keepDetections, zonesOf } from './detections.ts';

const driveway = DRIVEWAY_ZONE;

describe('what a camera keeps of a detector’s findings', () => {
  const ai = cameraAiSettingsOf({
    labels: ['person', 'car'],
    minScore: 0.5,
    alertLabels: ['person'],
    labelZones: { car: ['driveway'] },
  });

  it('keeps its labels at or above its minimum score, best first, each with the zones its foot is in', () => {
    const kept = keepDetections(
      [
        { label: 'person', score: 0.6, box: [0.1, 0.1, 0.3, 0.4] },
        { label: 'person', score: 0.9, box: [0.4, 0.2, 0.6, 0.9] },
        { label: 'person', score: 0.49, box: [0, 0, 1, 1] },
        { label: 'dog', score: 0.99, box: [0, 0, 1, 1] },
      ],
      ai,
      [driveway],
    );
    expect(kept).toEqual([
      { label: 'person', score: 0.9, box: [0.4, 0.2, 0.6, 0.9], zones: ['Driveway'] },
      { label: 'person', score: 0.6, box: [0.1, 0.1, 0.3, 0.4], zones: [] },
    ]);
  });

  it('a label limited to zones counts only with its foot inside one (names match whatever their case)', () => {
    const kept = keepDetections(
      [
        { label: 'car', score: 0.8, box: [0, 0, 0.3, 0.4] },
        { label: 'car', score: 0.7, box: [0.5, 0.3, 0.9, 1] },
      ],
      ai,
      [driveway],
    );
    expect(kept.map((d) => d.score)).toEqual([0.7]);
  });

  it('clamps boxes into the picture; no zones on the camera means no zones on the detections', () => {
    const [d] = keepDetections([{ label: 'person', score: 0.7, box: [-0.2, 0.1, 1.3, 1] }], ai, []);
    expect(d).toEqual({ label: 'person', score: 0.7, box: [0, 0.1, 1, 1] });
    expect(zonesOf([0, 0.6, 0.2, 1], [driveway])).toEqual(['Driveway']);
  });

  it('an alert label makes an alert', () => {
    expect(isAlert([{ label: 'car', score: 1, box: [0, 0, 1, 1] }], ai)).toBe(false);
    expect(isAlert([{ label: 'person', score: 1, box: [0, 0, 1, 1] }], ai)).toBe(true);
  });
});
