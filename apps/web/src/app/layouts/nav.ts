import { type RouteMeta, accessRole, hasAnyRole } from '@vigil/shared';
import { ALL_ROUTES } from '../route-table.ts';

export type NavSectionId = 'main' | 'viewer' | 'operator' | 'manager' | 'admin' | 'ai' | 'vms';
export interface NavItem {
  path: string;
  title: string;
}
export interface NavSection {
  id: NavSectionId;
  title: string;
  items: NavItem[];
}

const ORDER: readonly NavSectionId[] = ['main', 'viewer', 'operator', 'manager', 'admin', 'ai', 'vms'];

function sectionOf(route: RouteMeta): NavSectionId | undefined {
  if (route.layout === 'landing' || route.layout === 'bare') return undefined;
  if (route.path.startsWith('/ai/')) return 'ai';
  if (route.path.startsWith('/vms')) return 'vms';
  return route.layout;
}

/** Pages reached from another page (a site's details, the add form) are not menu entries. */
function isMenuEntry(route: RouteMeta): boolean {
  return !route.path.includes(':') && route.path !== '/vms' && !route.path.endsWith('/add');
}

/** The same rule as guard steps 4–5, so the menu never offers a page that bounces. */
export function mayOpen(route: RouteMeta, role: unknown): boolean {
  if (route.requiresAdmin && accessRole(role) !== 'admin') return false;
  return !route.roles || hasAnyRole(role, route.roles);
}

/** The sidebar for a role: admin sees every area, viewer only viewer + main (spec §6). */
export function navSections(role: unknown): NavSection[] {
  const sections = new Map<NavSectionId, NavItem[]>();
  for (const route of ALL_ROUTES) {
    const id = sectionOf(route);
    if (!id || !isMenuEntry(route) || !mayOpen(route, role)) continue;
    const items = sections.get(id) ?? [];
    items.push({ path: route.path, title: route.title });
    sections.set(id, items);
  }
  return ORDER.filter((id) => sections.has(id)).map((id) => ({ id, title: `nav.${id}`, items: sections.get(id)! }));
}
