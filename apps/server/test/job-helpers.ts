import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Db } from '@vigil/db';
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
  'bulk-operation': async () => {},
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
