import { describe, expect, it } from 'vitest';
import { accessRole, hasAnyRole, hasRole, readRole } from './roles.ts';

describe('roles', () => {
  it('reads a missing or unreadable role as viewer', () => {
    for (const bad of [undefined, null, '', 'root', 42, {}, ['admin']]) expect(readRole(bad)).toBe('viewer');
    expect(readRole('operator')).toBe('operator');
  });
  it('counts the sign-up role "user" as manager', () => {
    expect(accessRole('user')).toBe('manager');
    expect(hasRole('user', 'manager')).toBe(true);
    expect(hasAnyRole('user', ['manager', 'admin'])).toBe(true);
    expect(hasAnyRole('user', ['admin'])).toBe(false);
  });
  it('checks one role and any of a list', () => {
    expect(hasRole('admin', 'admin')).toBe(true);
    expect(hasRole('viewer', 'admin')).toBe(false);
    expect(hasAnyRole('operator', ['viewer', 'operator'])).toBe(true);
    expect(hasAnyRole(undefined, ['viewer'])).toBe(true);
    expect(hasAnyRole(undefined, ['operator'])).toBe(false);
  });
});
