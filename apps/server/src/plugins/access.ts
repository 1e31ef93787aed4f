import type { AccessRole } from '@vigil/shared';

/**
 * Every API route declares who may call it in `config.access`; the auth plugin enforces it
 * and refuses to register an /api route without one, so no route is ever unguarded.
 */
export type Access = (
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'roles'; roles: readonly AccessRole[] }
  /** Another Vigil process (a serve asking a recorder for a live feed): the cluster token, no session. */
  | { kind: 'internal' }
) & {
  /**
   * Only a signed-in person, never an API key: what a key must not do on its creator's
   * behalf (passwords, sign-out, API keys themselves) and what is bound to a browser session (live
   * view tickets and streams, the realtime stream). A key gets permission-denied.
   */
  personOnly?: true;
};

export const access = {
  public: { kind: 'public' } as Access,
  signedIn: { kind: 'signed-in' } as Access,
  internal: { kind: 'internal' } as Access,
  roles: (...roles: AccessRole[]): Access => ({ kind: 'roles', roles }),
  /** The same rule, refused to API keys. */
  personOnly: (rule: Access): Access => ({ ...rule, personOnly: true }),
};
