import { describe, expect, it } from 'vitest';
import { clipRange, dayIn, detailText, durationMs, formatDuration, hasClip, recordingsLink } from './event-model.ts';

const at = (iso: string) => Date.parse(iso);

describe('event clip and labels', () => {
  it('clip: 5 s before the start to 10 s after the end', () => {
    expect(clipRange({ startAt: '2026-11-20T10:00:00.000Z', endAt: '2026-11-20T10:00:20.000Z' })).toEqual({
      from: '2026-11-20T09:59:55.000Z',
      to: '2026-11-20T10:00:30.000Z',
    });
  });

  it('clip of an ongoing event runs to now + 10 s; a long one stops after an hour', () => {
    const now = at('2026-11-20T10:01:00.000Z');
    expect(clipRange({ startAt: '2026-11-20T10:00:00.000Z', endAt: null }, now).to).toBe('2026-11-20T10:01:10.000Z');
    expect(clipRange({ startAt: '2026-11-20T10:00:00.000Z', endAt: '2026-11-20T13:00:00.000Z' })).toEqual({
      from: '2026-11-20T09:59:55.000Z',
      to: '2026-11-20T10:59:55.000Z',
    });
  });

  it('durations in the language, ongoing ones counted to now', () => {
    expect(durationMs({ startAt: '2026-11-20T10:00:00Z', endAt: '2026-11-20T10:01:05Z' })).toBe(65_000);
    expect(durationMs({ startAt: '2026-11-20T10:00:00Z', endAt: null }, at('2026-11-20T10:00:03Z'))).toBe(3000);
    expect(formatDuration(42_000, 'en')).toBe('42 sec');
    expect(formatDuration(42_000, 'fr')).toBe('42\u202fs');
    expect(formatDuration(3_900_000, 'en')).toBe('1 hr 5 min');
    expect(formatDuration(0, 'en')).toBe('0 sec');
  });

  it('links the recordings page by camera, day in the user’s zone and a 1 h zoom', () => {
    expect(dayIn('2026-11-20T23:30:00Z', 'Europe/Paris')).toBe('2026-11-21');
    expect(recordingsLink({ cameraId: 'c1', startAt: '2026-11-20T23:30:00Z' }, 'Europe/Paris')).toBe(
      '/viewer/recordings?camera=c1&day=2026-11-21&zoom=1h&at=2026-11-20T23%3A30%3A00Z',
    );
    expect(recordingsLink({ cameraId: null, startAt: '2026-11-20T23:30:00Z' }, 'UTC')).toBeNull();
  });

  it('kind-specific facts', () => {
    expect(detailText({ kind: 'motion', detail: null })).toBeNull();
    expect(detailText({ kind: 'recording.gap', detail: { seconds: 12 } })).toEqual({
      key: 'events.detail.gap',
      values: { seconds: 12 },
    });
    expect(detailText({ kind: 'camera.offline', detail: {} })).toBeNull();
    expect(detailText({ kind: 'camera.offline', detail: { error: 'timeout' } })?.values).toEqual({ error: 'timeout' });
    expect(
      detailText({
        kind: 'storage.pruned',
        detail: { reason: 'maxRecordings', limit: 100, recordingsRemoved: 3, bytesRemoved: 5000 },
      }),
    ).toEqual({ key: 'events.detail.pruned.maxRecordings', values: { removed: 3, limit: 100, bytes: 5000 } });
    // The disk guard's prune says the disk, not the plan.
    expect(
      detailText({
        kind: 'storage.pruned',
        detail: { reason: 'diskSpace', limit: 2, recordingsRemoved: 1, bytesRemoved: 9000 },
      })?.key,
    ).toBe('events.detail.pruned.diskSpace');
    expect(hasClip({ cameraId: 'c', kind: 'motion' })).toBe(true);
    expect(hasClip({ cameraId: null, kind: 'storage.pruned' })).toBe(false);
  });
});
