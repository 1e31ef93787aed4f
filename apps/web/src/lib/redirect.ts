import { dashboardPathFor, isSafeRedirect } from '@vigil/shared';

/**
 * Where to go after login: the redirect query when it is a safe in-app path, else `home` (the
 * person's own dashboard once the role is known: the marketing page is no place to start work).
 * Auth pages are never a destination, so a login cannot loop back to itself.
 */
export function afterLoginPath(redirect: string | null | undefined, home = '/'): string {
  if (!isSafeRedirect(redirect)) return home;
  if (redirect === '/auth' || redirect.startsWith('/auth/') || redirect.startsWith('/auth?')) return home;
  return redirect;
}

/** After sign-in or sign-up: the redirect when there is one, else the dashboard of the person's role. */
export const landingAfterAuth = (redirect: string | null | undefined, role: unknown): string =>
  afterLoginPath(redirect, dashboardPathFor(role));
