import { isSafeRedirect } from '@vigil/shared';

/**
 * Where to go after login: the redirect query when it is a safe in-app path, else "/".
 * Auth pages are never a destination, so a login cannot loop back to itself.
 */
export function afterLoginPath(redirect: string | null | undefined): string {
  if (!isSafeRedirect(redirect)) return '/';
  if (redirect === '/auth' || redirect.startsWith('/auth/') || redirect.startsWith('/auth?')) return '/';
  return redirect;
}
