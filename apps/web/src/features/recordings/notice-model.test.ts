import { describe, expect, it } from 'vitest';
import { noticeKey } from './notice-model.ts';

describe('noticeKey', () => {
  const at = '2026-11-21T14:03:00.000Z';
  it('tells one prune from several gathered since the first', () => {
    expect(noticeKey({ reason: 'maxRecordings', firstAt: at, lastAt: at })).toBe('recordings.notice.maxRecordings');
    expect(noticeKey({ reason: 'maxStorage', firstAt: '2026-11-21T08:00:00.000Z', lastAt: at })).toBe(
      'recordings.notice.maxStorageSince',
    );
    expect(noticeKey({ reason: 'diskSpace', firstAt: at, lastAt: at })).toBe('recordings.notice.diskSpace');
  });
});
