import { type UserDoc, type Workspace, readRole } from '@vigil/shared';
import type { schema } from '@vigil/db';

export type UserRow = typeof schema.users.$inferSelect;
export type WorkspaceRow = typeof schema.workspaces.$inferSelect;

/** The spec §3 document as the API returns it; photoURL is a short-lived signed URL (or null). */
export function toUserDoc(row: UserRow, photoURL: string | null): UserDoc {
  return {
    uid: row.id,
    email: row.email,
    displayName: row.displayName,
    photoURL,
    role: readRole(row.role),
    plan: row.plan as UserDoc['plan'],
    planStatus: row.planStatus as UserDoc['planStatus'],
    trialStartDate: row.trialStartDate.toISOString(),
    trialEndDate: row.trialEndDate.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    preferences: row.preferences,
    limits: row.limits,
    usage: row.usage,
    aiAccess: row.aiAccess,
    disabled: row.disabledAt !== null,
    workspaceId: row.workspaceId,
  };
}

export function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.ownerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
