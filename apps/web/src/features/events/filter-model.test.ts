import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  apiFilter,
  badRange,
  filtersFromQuery,
  filtersToQuery,
  hasFilters,
  listQuery,
} from './filter-model.ts';

const CAM = '0b6b0d2e-3c2a-4c47-9d1e-2f3a4b5c6d7e';

describe('event filters and the URL', () => {
  it('round-trips every filter through the query string, keeping other keys', () => {
    const f = {
      cameraId: CAM,
      kind: 'motion' as const,
      severity: 'alert' as const,
      from: '2026-11-20T08:00:00.000Z',
      to: '2026-11-21T08:00:00.000Z',
      acknowledged: 'no' as const,
    };
    const q = filtersToQuery(f, new URLSearchParams('id=abc'));
    expect(q.get('id')).toBe('abc');
    expect(q.get('camera')).toBe(CAM);
    expect(filtersFromQuery(q)).toEqual(f);
  });

  it('an empty view writes nothing and clears what was there', () => {
    const q = filtersToQuery(EMPTY_FILTERS, new URLSearchParams('kind=motion&acknowledged=yes'));
    expect(q.toString()).toBe('');
    expect(filtersFromQuery(new URLSearchParams())).toEqual(EMPTY_FILTERS);
  });

  it('drops values the server would refuse', () => {
    const f = filtersFromQuery(
      new URLSearchParams('camera=12&kind=fire&severity=huge&from=yesterday&acknowledged=maybe'),
    );
    expect(f).toEqual(EMPTY_FILTERS);
    expect(filtersFromQuery(new URLSearchParams('from=2026-11-20T09:00:00%2B01:00')).from).toBe(
      '2026-11-20T08:00:00.000Z',
    );
  });

  it('maps to the API filter and list query', () => {
    expect(apiFilter(EMPTY_FILTERS)).toEqual({});
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    const f = { ...EMPTY_FILTERS, kind: 'camera.offline' as const, acknowledged: 'yes' as const };
    expect(apiFilter(f)).toEqual({ kind: 'camera.offline', acknowledged: true });
    expect(hasFilters(f)).toBe(true);
    expect(listQuery(f, 25, 'cur')).toBe('kind=camera.offline&acknowledged=true&limit=25&startAfter=cur');
    expect(listQuery({ ...EMPTY_FILTERS, acknowledged: 'no' }, 10)).toBe('acknowledged=false&limit=10');
  });

  it('spots an inverted range', () => {
    const r = { ...EMPTY_FILTERS, from: '2026-11-21T00:00:00.000Z', to: '2026-11-20T00:00:00.000Z' };
    expect(badRange(r)).toBe(true);
    expect(badRange({ ...r, to: '' })).toBe(false);
  });
});
