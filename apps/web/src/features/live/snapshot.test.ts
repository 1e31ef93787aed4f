import { describe, expect, it } from 'vitest';
import { snapshotName } from './snapshot.ts';

describe('snapshotName', () => {
  it('names the file after the camera and the ISO time', () => {
    expect(snapshotName('Front door', new Date('2026-03-10T09:15:30.123Z'))).toBe(
      'Front door-2026-03-10T09-15-30.123Z.jpg',
    );
  });
  it('replaces characters a file system refuses', () => {
    expect(snapshotName('a/b:c', new Date(0))).toBe('a_b_c-1970-01-01T00-00-00.000Z.jpg');
    expect(snapshotName('//', new Date(0))).toBe('_-1970-01-01T00-00-00.000Z.jpg');
  });
});
