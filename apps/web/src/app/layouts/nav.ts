import { NAV_GROUPS, type NavGroup, type RouteMeta, accessRole, dashboardPathFor, hasAnyRole } from '@vigil/shared';
import { ALL_ROUTES } from '../route-table.ts';

export interface NavItem {
  path: string;
  title: string;
}
export interface NavSection {
  id: NavGroup;
  title: string;
  items: NavItem[];
}

/** The area dashboards are one entry, titled for what it is rather than for the area. */
const DASHBOARD_TITLE = 'nav.dashboard';
const isAreaDashboard = (route: RouteMeta) => route.path.endsWith('/dashboard') && !!route.roles;

/** The same rule as guard steps 4–5, so the menu never offers a page that bounces. */
export function mayOpen(route: RouteMeta, role: unknown): boolean {
  if (route.requiresAdmin && accessRole(role) !== 'admin') return false;
  return !route.roles || hasAnyRole(role, route.roles);
}

/** A role's one dashboard (the same one sign-in lands on). */
function dashboardFor(role: unknown): RouteMeta | undefined {
  const path = dashboardPathFor(role);
  return ALL_ROUTES.find((r) => r.path === path && isAreaDashboard(r));
}

/** What the workspace's plan includes (the session user's flags): pages of a plan it lacks are not offered. */
export interface PlanAccess {
  vms?: boolean;
  /** The /ai pages: shown only when the plan includes AI detection. */
  ai?: boolean;
}

/**
 * The navigation for a role, grouped by what people do (watch, review, team, account,
 * administration): the pages whose capability exists (`available` in the shared route table),
 * that this role may open and that the workspace's plan includes (the VMS area only with `vms`, the AI pages with AI access:
 * the page itself still opens and says what the plan lacks). A group with nothing to offer is left out.
 */
export function navSections(role: unknown, plan: PlanAccess = {}): NavSection[] {
  const dashboard = dashboardFor(role);
  const groups = new Map<NavGroup, NavItem[]>();
  for (const route of ALL_ROUTES) {
    if (!route.nav || !route.available || !mayOpen(route, role)) continue;
    if (route.requiresPlan === 'vms' && !plan.vms) continue;
    if (route.requiresAiAccess && !plan.ai) continue;
    if (route.navRoles && !hasAnyRole(role, route.navRoles)) continue;
    if (isAreaDashboard(route) && route !== dashboard) continue;
    const items = groups.get(route.nav) ?? [];
    items.push({ path: route.path, title: route === dashboard ? DASHBOARD_TITLE : route.title });
    groups.set(route.nav, items);
  }
  return NAV_GROUPS.filter((id) => groups.has(id)).map((id) => ({ id, title: `nav.${id}`, items: groups.get(id)! }));
}
