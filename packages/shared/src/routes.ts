import { AREA_ROLES, type AccessRole } from './roles.ts';

/**
 * Every path of spec §2 with its access rule (spec §4, §6). The web router builds its
 * routes from this table and the guard reads the same metadata, so a path cannot exist
 * without a rule.
 */
export interface RouteMeta {
  path: string;
  /** i18n key of the page title. */
  title: string;
  layout: 'landing' | 'admin' | 'manager' | 'operator' | 'viewer' | 'main' | 'bare';
  requiresAuth: boolean;
  requiresAdmin?: boolean;
  roles?: readonly AccessRole[];
  /** Spec §4: flagged, not enforced by the guard; the server enforces. */
  requiresAiAccess?: boolean;
  requiresPlan?: 'vms';
}

const area = (layout: 'admin' | 'manager' | 'operator' | 'viewer', pages: readonly string[]): RouteMeta[] =>
  pages.map((page) => ({
    path: `/${layout}/${page}`,
    title: `pages.${layout}.${page}`,
    layout,
    requiresAuth: true,
    ...(layout === 'admin' ? { requiresAdmin: true } : {}),
    roles: AREA_ROLES[layout],
  }));

const main = (page: string): RouteMeta => ({
  path: `/${page}`,
  title: `pages.main.${page}`,
  layout: 'main',
  requiresAuth: true,
});

export const ROUTES: readonly RouteMeta[] = [
  { path: '/', title: 'pages.landing', layout: 'landing', requiresAuth: false },
  { path: '/about', title: 'pages.about', layout: 'landing', requiresAuth: false },
  { path: '/auth/login', title: 'pages.login', layout: 'landing', requiresAuth: false },
  { path: '/auth/register', title: 'pages.register', layout: 'landing', requiresAuth: false },
  { path: '/payment', title: 'pages.payment', layout: 'landing', requiresAuth: false },
  ...area('admin', ['dashboard', 'payment-settings', 'users', 'settings']),
  ...area('manager', ['dashboard', 'team', 'analytics', 'schedules', 'tasks', 'reports']),
  ...area('operator', ['dashboard', 'tasks']),
  ...area('viewer', ['dashboard', 'live', 'cameras', 'recordings', 'events', 'exports', 'settings']),
  main('dashboard'),
  main('upgrade'),
  main('billing'),
  main('security'),
  main('sms'),
  {
    path: '/admin/pricing',
    title: 'pages.admin.pricing',
    layout: 'admin',
    requiresAuth: true,
    requiresAdmin: true,
    roles: ['admin'],
  },
  ...['settings', 'analytics', 'detection'].map(
    (page): RouteMeta => ({
      path: `/ai/${page}`,
      title: `pages.ai.${page}`,
      layout: 'main',
      requiresAuth: true,
      requiresAiAccess: true,
    }),
  ),
  ...[
    '',
    'dashboard',
    'sites',
    'sites/add',
    'sites/:id',
    'sites/:id/manage',
    'sites/:id/edit',
    'bulk-operations',
    'reports',
  ].map(
    (page): RouteMeta => ({
      path: page ? `/vms/${page}` : '/vms',
      title: `pages.vms.${page === '' ? 'dashboard' : page.replace(':id', 'id').replaceAll('/', '.')}`,
      layout: 'main',
      requiresAuth: true,
      requiresPlan: 'vms',
    }),
  ),
  { path: '/unauthorized', title: 'pages.unauthorized', layout: 'bare', requiresAuth: false },
];

/** Spec §4 step 1: paths that proceed when the auth state could not be initialised. */
export const PUBLIC_FALLBACK_PATHS = ['/auth/login', '/login', '/register', '/'] as const;

/** Finds the route a concrete pathname belongs to (`:id` matches one segment). */
export function matchRoute(pathname: string): RouteMeta | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.find((r) => {
    const re = new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`);
    return re.test(clean);
  });
}

/** A redirect target is safe when it stays inside the app: one leading slash, no scheme. */
export function isSafeRedirect(target: unknown): target is string {
  return (
    typeof target === 'string' &&
    target.startsWith('/') &&
    !target.startsWith('//') &&
    !target.startsWith('/\\') &&
    !/[\u0000-\u001f]/.test(target)
  );
}
