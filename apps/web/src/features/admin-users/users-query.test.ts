import { describe, expect, it } from 'vitest';
import { usersQueryString } from './users-query.ts';

describe('usersQueryString', () => {
  it('asks for the newest first, one page', () => {
    expect(Object.fromEntries(new URLSearchParams(usersQueryString({ q: '', role: '' }, null)))).toEqual({
      orderBy: 'createdAt:desc',
      limit: '20',
    });
  });

  it('adds the role filter as a where clause, the trimmed search and the cursor', () => {
    const params = new URLSearchParams(usersQueryString({ q: '  ann ', role: 'operator' }, 'cur-1', 50));
    expect(JSON.parse(params.get('where')!)).toEqual([{ field: 'role', op: '==', value: 'operator' }]);
    expect(params.get('q')).toBe('ann');
    expect(params.get('startAfter')).toBe('cur-1');
    expect(params.get('limit')).toBe('50');
  });
});
