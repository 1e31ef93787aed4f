import { AREA_ROLES, type AccessRole, accessRole } from './roles.ts';

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
  /**
   * Who can use the page, when narrower than who the guard lets open it: the AI settings and
   * analytics are the owners' and managers' (the server refuses others), yet spec §4 guards /ai by
   * login only. The navigation offers it to them alone; anyone else sees what it is and who it is for.
   */
  navRoles?: readonly AccessRole[];
  /** Only the workspace's owner uses it (the plan and its payments are theirs to decide). */
  requiresOwner?: boolean;
  /**
   * False while the page's capability belongs to a later issue: the path stays routable with
   * its real title and layout, but the navigation does not offer it. Shipping a capability
   * is flipping this one flag.
   */
  available: boolean;
  /** The navigation group that offers the page (what people do there); none: reached another way. */
  nav?: NavGroup;
}

/** The navigation's groups, in order: what people come to do. */
export const NAV_GROUPS = ['watch', 'review', 'team', 'account', 'administration'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/**
 * A page's availability and navigation group. Every page of the spec is built now; a page a later
 * issue adds starts as `{ available: false }`: routable with its real title, never offered.
 */
type Entry = { available: boolean; nav?: NavGroup; navRoles?: readonly AccessRole[]; requiresOwner?: boolean };
const built = (nav?: NavGroup): Entry => (nav ? { available: true, nav } : { available: true });

const area = (layout: 'admin' | 'manager' | 'operator' | 'viewer', pages: Record<string, Entry>): RouteMeta[] =>
  Object.entries(pages).map(([page, entry]) => ({
    path: `/${layout}/${page}`,
    title: `pages.${layout}.${page}`,
    layout,
    requiresAuth: true,
    ...(layout === 'admin' ? { requiresAdmin: true } : {}),
    roles: AREA_ROLES[layout],
    ...entry,
  }));

const main = (page: string, entry: Entry): RouteMeta => ({
  path: `/${page}`,
  title: `pages.main.${page}`,
  layout: 'main',
  requiresAuth: true,
  ...entry,
});

export const ROUTES: readonly RouteMeta[] = [
  { path: '/', title: 'pages.landing', layout: 'landing', requiresAuth: false, available: true },
  { path: '/about', title: 'pages.about', layout: 'landing', requiresAuth: false, available: true },
  { path: '/auth/login', title: 'pages.login', layout: 'landing', requiresAuth: false, available: true },
  { path: '/auth/register', title: 'pages.register', layout: 'landing', requiresAuth: false, available: true },
  { path: '/payment', title: 'pages.payment', layout: 'landing', requiresAuth: false, available: true },
  // The four area dashboards are one "Dashboard" entry: the navigation offers the most specific one a role may open.
  ...area('admin', {
    dashboard: built('watch'),
    'payment-settings': built('administration'),
    users: built('administration'),
    settings: built('administration'),
  }),
  ...area('manager', {
    dashboard: built('watch'),
    team: built('team'),
    analytics: built('review'),
    schedules: built('team'),
    tasks: built('team'),
    reports: built('review'),
  }),
  ...area('operator', { dashboard: built('watch'), tasks: built('team') }),
  ...area('viewer', {
    dashboard: built('watch'),
    live: built('watch'),
    cameras: built('watch'),
    recordings: built('review'),
    events: built('review'),
    exports: built('review'),
    settings: built('account'),
  }),
  // The seed's shared dashboard: routable, folded into each role's own dashboard in the navigation.
  main('dashboard', built()),
  // The plan is the owner's to choose and pay for (and the server serves billing to managers' roles
  // only); the SMS manager holds numbers and spends money.
  main('upgrade', { ...built('account'), navRoles: AREA_ROLES.manager, requiresOwner: true }),
  main('billing', { ...built('account'), navRoles: AREA_ROLES.manager, requiresOwner: true }),
  main('security', built('account')),
  main('sms', { ...built('account'), navRoles: AREA_ROLES.manager }),
  {
    path: '/admin/pricing',
    title: 'pages.admin.pricing',
    layout: 'admin',
    requiresAuth: true,
    requiresAdmin: true,
    roles: ['admin'],
    ...built('administration'),
  },
  // Settings and analytics are offered to the workspace's owners and managers (the server
  // refuses others); detection to everyone who watches (its live boxes), though analysing on
  // demand spends the quota and is operators' and up. A page is offered once it works end to end.
  ...(
    [
      ['settings', built('account'), AREA_ROLES.manager],
      ['analytics', built('review'), AREA_ROLES.manager],
      ['detection', built('watch'), undefined],
    ] as const
  ).map(
    ([page, entry, roles]): RouteMeta => ({
      path: `/ai/${page}`,
      title: `pages.ai.${page}`,
      layout: 'main',
      requiresAuth: true,
      requiresAiAccess: true,
      ...(roles ? { navRoles: roles } : {}),
      ...entry,
    }),
  ),
  ...(
    [
      ['', built()],
      ['dashboard', built('watch')],
      ['sites', built('watch')],
      ['sites/add', built()],
      ['sites/:id', built()],
      ['sites/:id/manage', built()],
      ['sites/:id/edit', built()],
      ['bulk-operations', { ...built('administration'), navRoles: AREA_ROLES.manager }],
      ['reports', built('review')],
    ] as const
  ).map(
    ([page, entry]: readonly [string, Entry]): RouteMeta => ({
      path: page ? `/vms/${page}` : '/vms',
      title: `pages.vms.${page === '' ? 'dashboard' : page.replace(':id', 'id').replaceAll('/', '.')}`,
      layout: 'main',
      requiresAuth: true,
      requiresPlan: 'vms',
      ...entry,
      // Reports are the managers' (the API refuses the others).
      ...(page === 'reports' ? { roles: AREA_ROLES.manager } : {}),
    }),
  ),
  { path: '/unauthorized', title: 'pages.unauthorized', layout: 'bare', requiresAuth: false, available: true },
  // An invitation mail's link: signed in or not, offered by no menu.
  { path: '/invite', title: 'pages.invite', layout: 'landing', requiresAuth: false, available: true },
  // A notification mail's unsubscribe link: works without signing in, offered by no menu.
  { path: '/unsubscribe', title: 'pages.unsubscribe', layout: 'landing', requiresAuth: false, available: true },
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

/** Whether the page at a path works yet (`available`): links to a later issue's page are not offered. */
export const isAvailable = (pathname: string): boolean => matchRoute(pathname)?.available ?? false;

/**
 * A role's own dashboard: of the area dashboards it may open, the one made for the fewest roles
 * (an administrator's is /admin/dashboard, a viewer's /viewer/dashboard). Sign-up and sign-in land
 * there, and the navigation's one "Dashboard" entry opens it.
 */
export function dashboardPathFor(role: unknown): string {
  const who = accessRole(role);
  const mine = ROUTES.filter(
    (r) =>
      r.available && r.path.endsWith('/dashboard') && r.roles?.includes(who) && (!r.requiresAdmin || who === 'admin'),
  ).sort((a, b) => a.roles!.length - b.roles!.length)[0];
  return mine?.path ?? '/dashboard';
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
