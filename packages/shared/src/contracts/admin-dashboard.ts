import { z } from 'zod';
import { isoDate } from './common.ts';

/** A live recorder process and how many cameras it holds a lease on now. */
export const dashboardRecorderSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  startedAt: isoDate,
  cameras: z.number().int(),
});

/** A camera that is not recording although it is meant to (enabled and not online), in any workspace. */
export const offlineCameraSchema = z.object({
  id: z.string(),
  name: z.string(),
  workspaceName: z.string(),
  status: z.string(),
  since: isoDate.nullable(),
});

/**
 * GET /api/v1/admin/dashboard: the installation's health at a glance, for administrators. Each
 * figure is one cheap query; the page refreshes it when the `admin.installation` topic speaks.
 */
export const adminDashboardSchema = z.object({
  at: isoDate,
  recorders: z.array(dashboardRecorderSchema),
  /** Cameras enabled but held by no live recorder (waiting for a lease). */
  unassignedCameras: z.number().int(),
  database: z.object({ sizeBytes: z.number(), latencyMs: z.number() }),
  /** The media folder's filesystem as the serving process sees it; null when it cannot be read. */
  disk: z.object({ mediaDir: z.string(), freeBytes: z.number(), totalBytes: z.number() }).nullable(),
  jobs: z.object({ waiting: z.number().int(), running: z.number().int(), dead: z.number().int() }),
  cameras: z.object({
    total: z.number().int(),
    offline: z.number().int(),
    /** The longest-offline first, at most ten. */
    offlineList: z.array(offlineCameraSchema),
  }),
  /** New accounts per day (UTC) over the last 30 days, the oldest first, days with none included. */
  signups: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** Workspaces per plan and status in force (trial, active, past_due, canceled…). */
  plans: z.array(z.object({ plan: z.string(), status: z.string(), count: z.number().int() })),
  /** Money received since the first of this month (UTC), per currency, in minor units. */
  revenue: z.array(z.object({ currency: z.string(), amountMinor: z.number().int(), payments: z.number().int() })),
  /** The last verification of the whole installation's audit chains; null if none was run. */
  auditVerification: z
    .object({ at: isoDate, ok: z.boolean(), entries: z.number().int(), checkpointAt: isoDate.nullable() })
    .nullable(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
