/** Spec §1/§6 roles. `user` is what sign-up assigns; it counts as `manager` (DESIGN §2). */
export const ROLES = ['admin', 'manager', 'operator', 'viewer', 'user'] as const;
export type Role = (typeof ROLES)[number];
export const ASSIGNABLE_ROLES = ROLES;
export type AccessRole = Exclude<Role, 'user'>;

/** A missing or unreadable role is viewer (spec §1, §6). */
export function readRole(value: unknown): Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value) ? (value as Role) : 'viewer';
}

/** The role used for access checks: `user` (a workspace owner) counts as manager. */
export function accessRole(role: unknown): AccessRole {
  const r = readRole(role);
  return r === 'user' ? 'manager' : r;
}

export function hasRole(role: unknown, wanted: AccessRole): boolean {
  return accessRole(role) === wanted;
}

export function hasAnyRole(role: unknown, wanted: readonly AccessRole[]): boolean {
  return wanted.includes(accessRole(role));
}

/** Spec §6 areas. */
export const AREA_ROLES = {
  admin: ['admin'],
  manager: ['manager', 'admin'],
  operator: ['operator', 'manager', 'admin'],
  viewer: ['viewer', 'operator', 'manager', 'admin'],
} as const satisfies Record<string, readonly AccessRole[]>;
export type Area = keyof typeof AREA_ROLES;

/**
 * Whether someone with this role may export footage in a workspace: everyone who may
 * watch, except viewers when the owner or a manager turned `viewersMayExport` off.
 */
export function mayExportFootage(role: unknown, workspace: { viewersMayExport: boolean }): boolean {
  return accessRole(role) !== 'viewer' || workspace.viewersMayExport;
}
