import { type PlanStatus, type UserDoc, type Workspace, readRole, statusAt } from '@vigil/shared';
import type { schema } from '@vigil/db';

export type UserRow = typeof schema.users.$inferSelect;
export type WorkspaceRow = typeof schema.workspaces.$inferSelect;

/** The plan status in force now, from the stored transition and the mirrored billing dates. */
export function planStatusOf(row: UserRow, now = new Date()): PlanStatus {
  const b = row.billingState;
  return statusAt(
    {
      status: row.planStatus as PlanStatus,
      trialEndDate: row.trialEndDate,
      periodEnd: b?.periodEnd ? new Date(b.periodEnd) : null,
      pastDueSince: b?.pastDueSince ? new Date(b.pastDueSince) : null,
      cancelAtPeriodEnd: b?.cancelAtPeriodEnd ?? false,
      graceDays: b?.graceDays ?? 0,
    },
    now,
  );
}

/**
 * A session's person comes from the session cache: each request gets a shallow copy of one kept row,
 * whose Date objects are the row's own (and never mutated). Writing a date costs about a
 * microsecond, and the document has five, so each is written once per kept Date rather than once per
 * GET /api/v1/me; a change reads a new row, with new Dates.
 */
const isoOfDate = new WeakMap<Date, string>();
function iso(d: Date): string {
  let written = isoOfDate.get(d);
  if (written === undefined) {
    written = d.toISOString();
    isoOfDate.set(d, written);
  }
  return written;
}

/** The spec §3 document as the API returns it; photoURL is a short-lived signed URL (or null). */
export function toUserDoc(row: UserRow, photoURL: string | null): UserDoc {
  return {
    uid: row.id,
    email: row.email,
    displayName: row.displayName,
    photoURL,
    role: readRole(row.role),
    plan: row.plan,
    planStatus: planStatusOf(row),
    trialStartDate: iso(row.trialStartDate),
    trialEndDate: iso(row.trialEndDate),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    lastLoginAt: row.lastLoginAt ? iso(row.lastLoginAt) : null,
    preferences: row.preferences,
    limits: row.limits,
    usage: row.usage,
    aiAccess: row.aiAccess,
    vmsAccess: row.vmsAccess,
    disabled: row.disabledAt !== null,
    workspaceId: row.workspaceId,
  };
}

export function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.ownerId,
    viewersMayExport: row.viewersMayExport,
    newCameraMotionAlerts: row.newCameraMotionAlerts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
