import { type AccessRole, PUBLIC_FALLBACK_PATHS, type RouteMeta, accessRole } from '@vigil/shared';

export interface GuardAuthState {
  /** False when reading the first auth state failed (spec §4 step 1). */
  initialised: boolean;
  user: { role: unknown } | null;
  token: string | null;
  /** The session's workspace requires two-factor authentication and the person has not turned it on. */
  twoFactorPending?: boolean;
}

/** Where a person whose workspace requires two-factor, and who has not turned it on, is sent. */
export const TWO_FACTOR_ENROL_PATH = '/security';

export type GuardDecision = { action: 'proceed' } | { action: 'redirect'; to: string };

const proceed: GuardDecision = { action: 'proceed' };

/**
 * The navigation guard of spec §4, steps 1–5, as a pure function of the target and the
 * auth state, so every step is unit-tested. `fullPath` is pathname + search + hash.
 */
export function guard(route: RouteMeta | undefined, fullPath: string, auth: GuardAuthState): GuardDecision {
  const pathname = fullPath.split(/[?#]/)[0] ?? '/';
  // 1. Auth could not be initialised: only the public fallback paths proceed.
  if (!auth.initialised) {
    return (PUBLIC_FALLBACK_PATHS as readonly string[]).includes(pathname)
      ? proceed
      : { action: 'redirect', to: '/auth/login' };
  }
  // Unknown paths are not guarded: they render the not-found page.
  if (!route) return proceed;
  // 2. Public path.
  if (!route.requiresAuth) return proceed;
  // 3. Needs auth: not logged in or no token → login with the intended full path.
  if (!auth.user || !auth.token) {
    return { action: 'redirect', to: `/auth/login?redirect=${encodeURIComponent(fullPath)}` };
  }
  // The workspace requires two-factor: until it is on, nothing opens but the page that turns it on.
  if (auth.twoFactorPending && pathname !== TWO_FACTOR_ENROL_PATH)
    return { action: 'redirect', to: TWO_FACTOR_ENROL_PATH };
  const role: AccessRole = accessRole(auth.user.role);
  // 4. Needs admin.
  if (route.requiresAdmin && role !== 'admin') return { action: 'redirect', to: '/unauthorized' };
  // 5. Role list.
  if (route.roles && !route.roles.includes(role)) return { action: 'redirect', to: '/unauthorized' };
  return proceed;
}

/** Where to go after login; lives in lib so the login page (a feature) can use it too. */
export { afterLoginPath } from '../lib/redirect.ts';
