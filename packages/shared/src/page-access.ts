import { type AccessRole, accessRole, hasAnyRole } from './roles.ts';
import type { RouteMeta } from './routes.ts';

/** Who is looking at a page: their role, whether they own the workspace, what its plan includes. */
export interface PageVisitor {
  role: unknown;
  isOwner: boolean;
  vms: boolean;
  ai: boolean;
}

/** Everything a page asks of whoever uses it, worded once by the refusal page. */
export interface PageNeeds {
  /** The roles that may use it (none: every role). */
  roles?: readonly AccessRole[];
  /** Only the workspace's owner (who decides about its plan and pays). */
  owner?: true;
  /** The plan feature its data needs (the server refuses it without). */
  plan?: 'vms' | 'ai';
}

const LADDER: readonly AccessRole[] = ['viewer', 'operator', 'manager', 'admin'];

/** What a page needs: its guard roles narrowed by `navRoles`, the owner, the plan feature. */
export function pageNeeds(route: RouteMeta): PageNeeds {
  const roles = route.requiresAdmin ? (['admin'] as const) : (route.navRoles ?? route.roles);
  const plan = route.requiresPlan === 'vms' ? 'vms' : route.requiresAiAccess ? 'ai' : undefined;
  return {
    ...(roles && roles.length < LADDER.length ? { roles } : {}),
    ...(route.requiresOwner ? { owner: true as const } : {}),
    ...(plan ? { plan } : {}),
  };
}

/**
 * Whether this person can use the page here: the navigation offers exactly these, and a page
 * reached anyway by its address shows what it is and who can use it instead of asking the server
 * for data it would refuse.
 */
export function mayUsePage(route: RouteMeta, visitor: PageVisitor): boolean {
  const needs = pageNeeds(route);
  if (needs.roles && !hasAnyRole(visitor.role, needs.roles)) return false;
  if (needs.owner && !visitor.isOwner) return false;
  if (needs.plan === 'vms' && !visitor.vms) return false;
  if (needs.plan === 'ai' && !visitor.ai) return false;
  return true;
}

/** The least role of a set (the refusal says "operators, managers and administrators" from `operator`). */
export function leastRole(roles: readonly AccessRole[]): AccessRole {
  return LADDER.find((r) => roles.includes(r)) ?? accessRole(roles[0]);
}
