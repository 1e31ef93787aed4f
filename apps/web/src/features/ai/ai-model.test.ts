import { describe, expect, it } from 'vitest';
import {
  BOX_FADE_MS,
  BOX_SHOW_MS,
  boxRect,
  heatGrid,
  playbackLink,
  presetPeriod,
  pruneSets,
  quotaState,
  rangeOf,
  readAiMessage,
  searchQuery,
  visibleBoxes,
} from './ai-model.ts';

const person = { label: 'person', score: 0.91, box: [0.1, 0.2, 0.4, 0.9] as [number, number, number, number] };

describe('AI model', () => {
  it('draws boxes from a realtime message, keeps them, then fades them out', () => {
    const m = readAiMessage({
      cameraId: 'c1',
      eventId: 'e1',
      at: '2026-01-01T00:00:00Z',
      detections: [person, { x: 1 }],
    });
    expect(m).toEqual({ cameraId: 'c1', eventId: 'e1', detections: [person] });
    expect(readAiMessage({ detections: [] })).toBeNull();
    expect(readAiMessage('nope')).toBeNull();
    const sets = [{ key: 'e1', cameraId: 'c1', at: 1000, detections: [person] }];
    expect(visibleBoxes(sets, 'c1', 1000)).toEqual([{ key: 'e1:0', opacity: 1, detection: person }]);
    expect(visibleBoxes(sets, 'c2', 1000)).toEqual([]);
    expect(visibleBoxes(sets, 'c1', 1000 + BOX_SHOW_MS + BOX_FADE_MS / 2)[0]?.opacity).toBeCloseTo(0.5);
    expect(visibleBoxes(sets, 'c1', 1000 + BOX_SHOW_MS + BOX_FADE_MS)).toEqual([]);
    expect(pruneSets(sets, 1000 + BOX_SHOW_MS + BOX_FADE_MS)).toEqual([]);
  });

  it('clamps and orders a box', () => {
    expect(boxRect([0.5, 0.6, 0.1, 1.4])).toEqual({ x: 0.1, y: 0.6, width: 0.4, height: 0.4 });
    expect(boxRect(person.box)).toMatchObject({ x: 0.1, y: 0.2 });
  });

  it('asks for whole local days, lays the heat map out and says how much quota is left', () => {
    expect(presetPeriod('7', '2026-03-31')).toEqual({ from: '2026-03-25', to: '2026-04-01' });
    const grid = heatGrid([{ weekday: 7, hour: 23, count: 4 }]);
    expect([grid.length, grid[6]?.[23], grid[0]?.[0]]).toEqual([7, 4, 0]);
    expect(quotaState(50, 100)).toEqual({ percent: 50, exhausted: false, near: false });
    expect(quotaState(100, 100)).toEqual({ percent: 100, exhausted: true, near: true });
    expect(quotaState(0, 0).exhausted).toBe(true);
  });

  it('searches detection events by label, camera and time, and links the moment to playback', () => {
    const now = Date.parse('2026-03-31T12:00:00Z');
    const q = new URLSearchParams(searchQuery({ label: 'person', cameraId: 'c1', range: '1h' }, now));
    expect(Object.fromEntries(q)).toEqual({
      kind: 'ai.detection',
      limit: '24',
      label: 'person',
      cameraId: 'c1',
      from: '2026-03-31T11:00:00.000Z',
      to: '2026-03-31T12:01:00.000Z',
    });
    expect(new URLSearchParams(searchQuery({ label: '', cameraId: '', range: '24h' }, now)).has('label')).toBe(false);
    const y = rangeOf('yesterday', now);
    expect(Date.parse(y.to) - Date.parse(y.from)).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(playbackLink({ cameraId: 'c1', startAt: '2026-03-31T22:30:00Z' }, 'Europe/Paris')).toBe(
      '/viewer/recordings?camera=c1&day=2026-04-01&zoom=1h&at=2026-03-31T22%3A30%3A00Z',
    );
    expect(playbackLink({ cameraId: null, startAt: '2026-03-31T22:30:00Z' }, 'UTC')).toBeNull();
  });
});
