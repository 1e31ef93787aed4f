import { hash, randomBytes } from 'node:crypto';
import type { schema } from '@vigil/db';

type UserRow = typeof schema.users.$inferSelect;
type WorkspaceRow = typeof schema.workspaces.$inferSelect;

export const SESSION_COOKIE = 'vigil_session';

/** A person's place in a workspace: `owner` for its owner; cameraIds null = every camera. */
export interface Membership {
  role: 'owner' | 'manager' | 'operator' | 'viewer';
  cameraIds: string[] | null;
  /** Sites the membership names (null = no site limit); cameraIds already includes their cameras. */
  siteIds?: string[] | null;
}

export interface SessionUser {
  /**
   * The person as the session's workspace sees them: `workspaceId` is the session's workspace,
   * `role` the role there (an installation admin stays admin), and plan, limits, usage and flags
   * are that workspace's (its owner's document). Everything that scopes by `user.workspaceId` or
   * checks `user.role` therefore uses the current membership.
   */
  user: UserRow;
  workspace: WorkspaceRow;
  membership: Membership;
  /** The person's own workspace (the one sign-up made). */
  homeWorkspaceId: string;
  tokenHash: string;
  /** Set when the caller is an API key rather than a signed-in person. */
  apiKeyId?: string;
  lastSeenAt?: Date;
  /** Whether the person has two-factor authentication on; absent counts as off. */
  twoFactorEnabled?: boolean;
}

/**
 * The role checks use: an installation admin is admin everywhere; in their own workspace a
 * person has the role stored on their document (as before workspaces had members); elsewhere,
 * their membership's.
 */
export function effectiveRole(storedRole: string, membership: Membership): string {
  if (storedRole === 'admin' || membership.role === 'owner') return storedRole;
  return membership.role;
}

/** Composes the user as seen from a workspace: identity and preferences are theirs, the plan is the workspace's. */
export function asSeenFrom(person: UserRow, workspace: WorkspaceRow, membership: Membership, owner: UserRow): UserRow {
  return {
    ...person,
    workspaceId: workspace.id,
    role: effectiveRole(person.role, membership),
    plan: owner.plan,
    planStatus: owner.planStatus,
    trialStartDate: owner.trialStartDate,
    trialEndDate: owner.trialEndDate,
    limits: owner.limits,
    usage: owner.usage,
    aiAccess: owner.aiAccess,
    vmsAccess: owner.vmsAccess,
    billingState: owner.billingState,
  };
}

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Only a token's SHA-256 is stored: a leaked table holds no usable session. */
export function hashToken(token: string): string {
  // The one-shot form: every API request hashes its token, and a Hash object each time cost more than the digest.
  return hash('sha256', token, 'hex');
}
