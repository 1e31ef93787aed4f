import type { Me, Result, Role, UserDoc } from '@vigil/shared';
import { readRole } from '@vigil/shared';

/** Spec §3 "Session user (held locally)". */
export interface SessionUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  role: Role;
}

export function toSessionUser(user: UserDoc): SessionUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    // Spec §6: an unreadable role is viewer.
    role: readRole(user.role),
  };
}

export type MeOutcome = { kind: 'signed-in'; me: Me } | { kind: 'signed-out' } | { kind: 'unavailable' };

/** Codes meaning the server could not answer, as opposed to answering "no session". */
const UNAVAILABLE_CODES = new Set(['unavailable', 'deadline-exceeded', 'internal', 'unknown']);

/** Reads GET /me: a session, no session (401, disabled…), or no answer (spec §4 step 1). */
export function meOutcome(result: Result<Me>): MeOutcome {
  if (result.success) return { kind: 'signed-in', me: result.data };
  return UNAVAILABLE_CODES.has(result.error.code) ? { kind: 'unavailable' } : { kind: 'signed-out' };
}
