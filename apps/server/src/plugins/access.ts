import type { AccessRole } from '@vigil/shared';

/**
 * Every API route declares who may call it in `config.access`; the auth plugin enforces it
 * and refuses to register an /api route without one, so no route is ever unguarded.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'roles'; roles: readonly AccessRole[] }
  /** Another Vigil process (a serve asking a recorder for a live feed): the cluster token, no session. */
  | { kind: 'internal' };

export const access = {
  public: { kind: 'public' } as Access,
  signedIn: { kind: 'signed-in' } as Access,
  internal: { kind: 'internal' } as Access,
  roles: (...roles: AccessRole[]): Access => ({ kind: 'roles', roles }),
};
