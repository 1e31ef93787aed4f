import { ROUTES, type RouteMeta, matchRoute } from '@vigil/shared';

/**
 * Pages this front end adds to spec §2's table: the password-reset pair linked from the
 * login page and the reset mail (public, under the landing layout), and where the installed
 * app's `web+vigil:` links land (signed in: the guard asks for a sign-in first and comes back).
 */
export const EXTRA_ROUTES: readonly RouteMeta[] = [
  { path: '/auth/forgot', title: 'pages.forgot', layout: 'landing', requiresAuth: false, available: true },
  { path: '/auth/reset', title: 'pages.reset', layout: 'landing', requiresAuth: false, available: true },
  { path: '/open', title: 'pages.open', layout: 'bare', requiresAuth: true, available: true },
];

export const ALL_ROUTES: readonly RouteMeta[] = [...ROUTES, ...EXTRA_ROUTES];

export function findRoute(pathname: string): RouteMeta | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return matchRoute(clean) ?? EXTRA_ROUTES.find((r) => r.path === clean);
}

export const NOT_FOUND_TITLE = 'pages.notFound';
