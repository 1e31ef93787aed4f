import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  embedded: z.boolean(),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** Realtime topics a client may subscribe to; the server checks each against the session. */
export const TOPICS = {
  adminUsers: 'admin.users',
  me: 'me',
  cameras: 'cameras',
  exports: 'exports',
  recordings: 'recordings',
} as const;
