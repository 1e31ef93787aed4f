import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  embedded: z.boolean(),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * GET /api/health/ready: whether each role this process runs (VIGIL_ROLES) is doing its work and
 * the database answers (within 1 s): ready only when all of them are.
 */
export const readinessSchema = z.object({
  ready: z.boolean(),
  roles: z.partialRecord(z.enum(['serve', 'record', 'work']), z.boolean()),
  database: z.enum(['up', 'down']),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** Realtime topics a client may subscribe to; the server checks each against the session. */
export const TOPICS = {
  adminUsers: 'admin.users',
  /**
   * The installation changed in a way its administrators' dashboard shows (a camera's state in any
   * workspace, an account created): a bare signal to read the dashboard again. Administrators only.
   */
  adminInstallation: 'admin.installation',
  me: 'me',
  cameras: 'cameras',
  exports: 'exports',
  recordings: 'recordings',
  events: 'events',
  schedules: 'schedules',
  /** Members and invitations of the workspace. */
  team: 'team',
  /** Tasks: heard by the workspace's managers and by the task's assignee. */
  tasks: 'tasks',
  /** Sites of the workspace: every member hears; the page refetches its own scoped view. */
  sites: 'sites',
  /** Bulk operations' progress: heard by the workspace's managers (a limited one: their own). */
  bulkOperations: 'bulk-operations',
  /**
   * AI detection: each analysed frame that found something, with its detections
   * (`{ cameraId, eventId, at, detections }`), for boxes drawn over the live view.
   */
  ai: 'ai',
} as const;
