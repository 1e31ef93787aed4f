import type { Db, DbOrTx } from '@vigil/db';
import type { DeadJob } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { redactCredentials } from '../../lib/redact.ts';
import { addJob, deadJobs, dropDeadJob, type EnqueueOptions, queueCounts, reviveJob } from './jobs.repo.ts';

/**
 * The job queue (graphile-worker on the same PostgreSQL, docs/decisions/0004) as the rest of the
 * server sees it: enqueue (inside a caller's transaction when the job belongs to a row written
 * there), and the dead-letter list administrators read, retry and discard.
 */
export type JobsService = ReturnType<typeof createJobsService>;

/** What a task's payload is, by task name: every job kind Vigil runs. */
export interface JobPayloads {
  export: { id: string };
  'retention-sweep': Record<string, never>;
  'retention-workspace': { workspaceId: string };
  /** A motion event's JPEG, from the footage of its first second. */
  'event-thumbnail': { eventId: string };
  /** Cameras no recorder holds get an outage. */
  'camera-watch': Record<string, never>;
  /** Who hears about an event: its deliveries. */
  'notify-event': { eventId: string };
  /** One attempt at one delivery. */
  'notify-send': { deliveryId: string };
  /** Tells a task's assignee it is theirs: one delivery per destination, like an event's. */
  'notify-task': { taskId: string; seq: number };
  /** The daily email digests whose local hour has come (hourly). */
  'notify-digest': Record<string, never>;
  /** Trial reminders and the manual provider's renewal invoices (hourly). */
  'billing-hourly': Record<string, never>;
  /** Each workspace's storage today, for Billing's 30-day chart (hourly). */
  'storage-sample': Record<string, never>;
  /** Applies a bulk operation's change camera by camera, resuming where a previous run stopped. */
  'bulk-operation': { id: string };
  /** Renders one report into storage. */
  'report-render': { id: string };
  /** Makes the report schedules' due reports (hourly). */
  'report-schedules': Record<string, never>;
  /** Mails a scheduled report to its recipients, each at most once. */
  'report-mail': { reportId: string };
  /** Probes and creates the pending lines of a bulk camera import. */
  'camera-import': { id: string };
}
export type JobName = keyof JobPayloads;

export function enqueue<N extends JobName>(db: DbOrTx, name: N, payload: JobPayloads[N], o?: EnqueueOptions) {
  return addJob(db, name, payload, o);
}

/** Queue depth, running and dead jobs (GET /metrics). */
export const jobCounts = (db: Db) => queueCounts(db);

export function createJobsService(deps: { db: Db }) {
  return {
    async deadLetters(limit = 100): Promise<DeadJob[]> {
      return (await deadJobs(deps.db, limit)).map((j) => ({
        id: j.id,
        task: j.task,
        // Payloads are ids; errors may echo a camera URL: never its credentials.
        payload: JSON.stringify(j.payload ?? {}).slice(0, 500),
        attempts: j.attempts,
        maxAttempts: j.maxAttempts,
        lastError: j.lastError ? redactCredentials(j.lastError).slice(0, 1000) : null,
        createdAt: j.createdAt.toISOString(),
        failedAt: j.failedAt.toISOString(),
      }));
    },

    /** Runs a dead job again now, with its attempts counted from zero. */
    async retry(id: string): Promise<void> {
      if (!(await reviveJob(deps.db, id))) throw new AppError('not-found');
    },

    /** Drops a dead job for good. */
    async discard(id: string): Promise<void> {
      if (!(await dropDeadJob(deps.db, id))) throw new AppError('not-found');
    },
  };
}
