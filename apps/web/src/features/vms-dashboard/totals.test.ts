import type { Site } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { totalsOf } from './api.ts';

const site = (counts: Partial<Site['counts']>): Site =>
  ({
    counts: { cameras: 0, online: 0, offline: 0, disabled: 0, openAlerts: 0, storageBytes: 0, ...counts },
  }) as Site;

describe('the dashboard totals', () => {
  it('add up the listed sites ', () => {
    expect(
      totalsOf([
        site({ cameras: 3, online: 2, offline: 1, storageBytes: 10 }),
        site({ cameras: 2, online: 2, openAlerts: 4, storageBytes: 5 }),
        site({ cameras: 1, online: 1 }),
      ]),
    ).toEqual({ sites: 3, cameras: 6, online: 5, offline: 1, openAlerts: 4, storageBytes: 15 });
    expect(totalsOf([]).sites).toBe(0);
  });
});
