import { type AccessRole, accessRole } from '../roles.ts';

/**
 * API key prefixes, roles and limits, and who may grant which role, as plain values without zod:
 * pages import these, and importing them from the contract module would load all of its schemas
 * and zod with them.
 */
export const API_KEY_PREFIX = 'vgk_';
/** What a list shows of a key: the marker and the first characters of the secret. */
export const API_KEY_SHOWN_CHARS = API_KEY_PREFIX.length + 8;
export const API_KEY_ROLES = ['manager', 'operator', 'viewer'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];
export const API_KEY_NAME_MAX = 80;
/** Live (unrevoked) keys a workspace may hold at once. */
export const API_KEYS_PER_WORKSPACE = 100;
/** The furthest expiry a key may be given. */
export const API_KEY_MAX_DAYS = 5 * 366;

const RANK: Record<AccessRole, number> = { viewer: 0, operator: 1, manager: 2, admin: 3 };

/**
 * The key roles a person may grant: none above their own (an owner counts as manager, and an
 * installation admin's keys are manager keys at most: the API keys of a workspace never administer
 * the installation).
 */
export function grantableKeyRoles(role: unknown): ApiKeyRole[] {
  const own = RANK[accessRole(role)];
  return API_KEY_ROLES.filter((r) => RANK[r] <= own);
}

/** The lower of two roles, as a key role (a key never acts above its creator's current role). */
export function lowerKeyRole(keyRole: ApiKeyRole, creatorRole: unknown): ApiKeyRole | null {
  const allowed = grantableKeyRoles(creatorRole);
  if (allowed.includes(keyRole)) return keyRole;
  return allowed[0] ?? null;
}
