import { z } from 'zod';

/** A background job that failed every attempt (Admin › Settings › Failed jobs). */
export const deadJobSchema = z.object({
  id: z.string(),
  /** The job kind: export, retention-sweep, retention-workspace, … */
  task: z.string(),
  /** What it was about (ids), as JSON text. */
  payload: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** The last attempt's error, credentials removed. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string(),
});
export type DeadJob = z.infer<typeof deadJobSchema>;

export const deadJobListSchema = z.object({ items: z.array(deadJobSchema) });
/** Job ids are the queue's bigint ids, as text. */
export const jobIdSchema = z.string().regex(/^\d{1,18}$/, 'a job id');
