import { z } from 'zod';
export * from './manager-dashboard-values.ts';
import type { GettingStartedStep } from './manager-dashboard-values.ts';

export const gettingStartedSchema = z.object({
  /** camera: one exists; live: someone watched one live; alerts: a notification rule exists; team: someone invited or joined. */
  done: z.object({ camera: z.boolean(), live: z.boolean(), alerts: z.boolean(), team: z.boolean() }),
  /** This person put the checklist away. */
  dismissed: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;
// The object spells the steps out (a record over an enum gives OpenAPI required keys it never
// defines); this keeps the two lists the same.
const _sameSteps: Record<GettingStartedStep, boolean> extends GettingStarted['done'] ? true : never = true;
void _sameSteps;

/**
 * GET /api/v1/dashboard/manager: the workspace at a glance for its owner and managers (within
 * their camera scope): the team, tasks, open alerts by site, the week's events, and the checklist.
 */
export const managerDashboardSchema = z.object({
  team: z.object({
    members: z.number().int(),
    /** Members seen (a request on a session in this workspace) in the last five minutes. */
    onNow: z.array(z.object({ uid: z.string(), displayName: z.string(), role: z.string() })),
    pendingInvitations: z.number().int(),
  }),
  tasks: z.object({ open: z.number().int(), overdue: z.number().int() }),
  /** Unacknowledged alerts of the last 7 days per site (null: cameras on no site), the most first. */
  alertsBySite: z.array(
    z.object({ siteId: z.string().nullable(), name: z.string().nullable(), count: z.number().int() }),
  ),
  /** Events per day over the last 7 days in the workspace's time zone, the oldest first. */
  week: z.array(z.object({ day: z.string(), count: z.number().int() })),
  gettingStarted: gettingStartedSchema,
});
export type ManagerDashboard = z.infer<typeof managerDashboardSchema>;
