import { describe, expect, it } from 'vitest';
import { formatSize, noticeKey } from './notice-model.ts';

describe('formatSize', () => {
  it('uses decimal units, like the plan’s GB', () => {
    expect(formatSize(10e9, 'en')).toBe('10 GB');
    expect(formatSize(2_450_000_000, 'en')).toBe('2.5 GB');
    expect(formatSize(350e6, 'en')).toBe('350 MB');
    expect(formatSize(1500, 'en')).toBe('1.5 kB');
    expect(formatSize(12, 'en')).toBe('12 byte');
  });
  it('speaks the locale’s units', () => {
    // French puts a no-break space before the unit.
    expect(formatSize(2_450_000_000, 'fr')).toMatch(/^2,5\sGo$/u);
  });
});

describe('noticeKey', () => {
  const at = '2026-11-21T14:03:00.000Z';
  it('tells one prune from several gathered since the first', () => {
    expect(noticeKey({ reason: 'maxRecordings', firstAt: at, lastAt: at })).toBe('recordings.notice.maxRecordings');
    expect(noticeKey({ reason: 'maxStorage', firstAt: '2026-11-21T08:00:00.000Z', lastAt: at })).toBe(
      'recordings.notice.maxStorageSince',
    );
  });
});
