import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Db } from '@vigil/db';
import { sql } from 'drizzle-orm';
import { createExportTask } from '../src/modules/exports/exports-job.service.ts';
import { type JobWorker, startJobWorker, type Tasks } from '../src/modules/jobs/job-worker.service.ts';

/**
 * A `work` process's queue worker inside a test: the real export task on the real queue, the
 * other tasks doing nothing unless given. Fast polling and a short dead-worker grace.
 */
export interface TestWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  nodeId: string;
}

/** Every task doing nothing: a test gives the ones it exercises. */
export const NOOP_TASKS: Tasks = {
  export: async () => {},
  'retention-sweep': async () => {},
  'retention-workspace': async () => {},
  'event-thumbnail': async () => {},
  'camera-watch': async () => {},
  'notify-event': async () => {},
  'notify-send': async () => {},
  'notify-task': async () => {},
  'notify-digest': async () => {},
  'billing-hourly': async () => {},
  'storage-sample': async () => {},
  'stripe-catalogue': async () => {},
  'bulk-operation': async () => {},
  'report-render': async () => {},
  'report-schedules': async () => {},
  'report-mail': async () => {},
  'camera-import': async () => {},
  'mail-send': async () => {},
  'mail-retention': async () => {},
  'audit-checkpoint': async () => {},
};

/** A queue worker running the given tasks (the rest no-ops), polling fast, with a short dead-worker grace. */
export async function startTestWorker(opts: {
  databaseUrl: string;
  db: Db;
  tasks: Partial<Tasks>;
}): Promise<JobWorker> {
  const nodeId = randomUUID();
  return startJobWorker({
    databaseUrl: opts.databaseUrl,
    db: opts.db,
    node: { id: nodeId, roles: ['work'], internalUrl: `test://${nodeId}`, hostname: hostname(), pid: process.pid },
    tasks: { ...NOOP_TASKS, ...opts.tasks },
    log: () => {},
    reapGraceMs: 500,
    pollIntervalMs: 100,
  });
}

export function exportWorker(
  opts: Parameters<typeof createExportTask>[0] & { databaseUrl: string; db: Db; tasks?: Partial<Tasks> },
): TestWorker {
  let worker: JobWorker | undefined;
  const nodeId = randomUUID();
  return {
    nodeId,
    async start() {
      const task = createExportTask(opts);
      worker = await startJobWorker({
        databaseUrl: opts.databaseUrl,
        db: opts.db,
        node: { id: nodeId, roles: ['work'], internalUrl: `test://${nodeId}`, hostname: hostname(), pid: process.pid },
        tasks: { ...NOOP_TASKS, export: (p, job) => task.run(p.id, job), ...opts.tasks },
        onStopping: () => task.stop(),
        log: opts.log,
        reapGraceMs: 500,
        pollIntervalMs: 500,
      });
    },
    async stop() {
      await worker?.stop();
      worker = undefined;
    },
  };
}

/**
 * Waits until the queue holds no job of `task` whose payload contains `payload`: each has run to its
 * end (graphile-worker deletes a job once it succeeds). What a test waits on before it checks that a
 * job did nothing more, instead of a fixed pause. A job that failed stays queued for its retry, so it
 * fails the wait, with its error.
 */
export async function waitForJobsToRun(
  db: Db,
  task: string,
  payload: Record<string, unknown> = {},
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.execute<{ attempts: number; last_error: string | null }>(
      sql`select j.attempts, j.last_error from graphile_worker._private_jobs j
          join graphile_worker._private_tasks k on k.id = j.task_id
          where k.identifier = ${task} and j.payload::jsonb @> ${JSON.stringify(payload)}::jsonb`,
    );
    if (rows.length === 0) return;
    const failed = rows.find((r) => r.last_error);
    if (failed) throw new Error(`a ${task} job failed: ${failed.last_error}`);
    if (Date.now() > deadline) throw new Error(`${rows.length} ${task} job(s) still queued after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
