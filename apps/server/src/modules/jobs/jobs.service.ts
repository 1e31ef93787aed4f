import type { Db, DbOrTx } from '@vigil/db';
import type { DeadJob } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { redactCredentials } from '../../lib/redact.ts';
import type { JobName, JobPayloads } from '../../lib/job-catalogue.ts';
import { addJob, deadJobs, dropDeadJob, type EnqueueOptions, queueCounts, reviveJob } from './jobs.repo.ts';

/**
 * The job queue (graphile-worker on the same PostgreSQL, docs/decisions/0004) as the rest of the
 * server sees it: enqueue (inside a caller's transaction when the job belongs to a row written
 * there), and the dead-letter list administrators read, retry and discard.
 */
export type JobsService = ReturnType<typeof createJobsService>;

export type { JobName, JobPayloads } from '../../lib/job-catalogue.ts';

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
