import type { UserDoc } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { meOutcome, toSessionUser } from './session-model.ts';

const user = {
  uid: 'u1',
  email: 'ann@example.com',
  displayName: 'Ann',
  photoURL: null,
  role: 'user',
} as unknown as UserDoc;

describe('session model', () => {
  it('keeps the spec §3 session fields', () => {
    expect(toSessionUser(user)).toEqual({
      uid: 'u1',
      email: 'ann@example.com',
      displayName: 'Ann',
      photoURL: null,
      role: 'user',
    });
  });

  it('reads a garbage role as viewer', () => {
    expect(toSessionUser({ ...user, role: 'root' as UserDoc['role'] }).role).toBe('viewer');
  });

  it('tells "no session" from "no answer" (spec §4 step 1)', () => {
    const me = {
      user,
      workspace: {
        id: 'w',
        name: 'W',
        ownerId: 'u1',
        viewersMayExport: true,
        newCameraMotionAlerts: true,
        createdAt: '',
        updatedAt: '',
      },
    };
    expect(meOutcome({ success: true, data: me })).toEqual({ kind: 'signed-in', me });
    const fail = (code: 'auth/unauthenticated' | 'permission-denied' | 'unavailable' | 'internal' | 'unknown') =>
      meOutcome({ success: false, error: { code, message: '' } }).kind;
    expect(fail('auth/unauthenticated')).toBe('signed-out');
    expect(fail('permission-denied')).toBe('signed-out');
    expect(fail('unavailable')).toBe('unavailable');
    expect(fail('internal')).toBe('unavailable');
    expect(fail('unknown')).toBe('unavailable');
  });
});
