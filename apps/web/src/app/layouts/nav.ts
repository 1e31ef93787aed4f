import {
  NAV_GROUPS,
  type NavGroup,
  type RouteMeta,
  accessRole,
  dashboardPathFor,
  hasAnyRole,
  mayUsePage,
} from '@vigil/shared';
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

/** What the workspace's plan includes (the session user's flags) and whether this person owns the workspace. */
export interface PlanAccess {
  vms?: boolean;
  ai?: boolean;
  isOwner?: boolean;
}

/**
 * The navigation for a role, grouped by what people do (watch, review, team, account,
 * administration): the pages whose capability exists (`available` in the shared route table),
 * that this role may open and that this person can use in this workspace (`mayUsePage`: the
 * roles, the owner, the plan's VMS area or AI). A group with nothing to offer is left out.
 */
export function navSections(role: unknown, plan: PlanAccess = {}): NavSection[] {
  const dashboard = dashboardFor(role);
  const visitor = { role, isOwner: plan.isOwner ?? false, vms: plan.vms ?? false, ai: plan.ai ?? false };
  const groups = new Map<NavGroup, NavItem[]>();
  for (const route of ALL_ROUTES) {
    if (!route.nav || !route.available || !mayOpen(route, role) || !mayUsePage(route, visitor)) continue;
    if (isAreaDashboard(route) && route !== dashboard) continue;
    const items = groups.get(route.nav) ?? [];
    items.push({ path: route.path, title: route === dashboard ? DASHBOARD_TITLE : route.title });
    groups.set(route.nav, items);
  }
  return NAV_GROUPS.filter((id) => groups.has(id)).map((id) => ({ id, title: `nav.${id}`, items: groups.get(id)! }));
}
