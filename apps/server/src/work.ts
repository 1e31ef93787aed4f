import { hostname } from 'node:os';
import { createDb, endPool } from '@vigil/db';
import type { Config } from './config.ts';
import type { WorkInfra } from './kernel/module.ts';
import { type ModuleJobs, workModules } from './kernel/work.ts';
import { createMediaStore } from './lib/media-store.ts';
import { bucketOf, openStorage } from './lib/open-storage.ts';
import { createSecretBox } from './lib/secrets.ts';
import { type JobWorker, enqueue, startJobWorker } from './modules/jobs/jobs.module.ts';
import { MODULES } from './modules.ts';

/**
 * The `work` role: every background job Vigil runs, through the queue. The tasks, their crontab
 * lines and their stop hooks come from the work parts of the modules in MODULES (exports, event
 * thumbnails, retention, camera watch, notifications, billing, bulk operations, reports, imports).
 */
export interface WorkOptions {
  databaseUrl: string;
  config: Config;
  nodeId: string;
  workDir: string;
  log(msg: string): void;
  concurrency?: number;
  /** Test knobs: a dead worker's grace, the idle poll. */
  reapGraceMs?: number;
  pollIntervalMs?: number;
}

export interface Work {
  stop(): Promise<void>;
  healthy(): boolean;
}

export async function startWork(opts: WorkOptions): Promise<Work> {
  const { config } = opts;
  const { db, pool } = createDb(opts.databaseUrl, 4);
  const storage = await openStorage(config, (m) => opts.log(`[storage] ${m}`));
  const closers: (() => unknown)[] = [];
  const infra: Omit<WorkInfra, 'log'> = {
    config,
    db,
    storage,
    media: createMediaStore(config.mediaDir, config.authSecret, bucketOf(storage)),
    secrets: createSecretBox(config.authSecret),
    policy: { allowLoopback: config.allowLoopbackTargets },
    onClose: (fn) => closers.push(fn),
    nodeId: opts.nodeId,
    databaseUrl: opts.databaseUrl,
    workDir: opts.workDir,
  };
  const release = async () => {
    for (const close of closers) await close();
    await storage.close();
    await endPool(pool);
  };

  let jobs: ModuleJobs | undefined;
  let worker: JobWorker;
  try {
    // Each module's messages say which module they come from.
    jobs = await workModules(MODULES, (m) => ({ ...infra, log: (msg) => opts.log(`[${m.name}] ${msg}`) }));
    worker = await startJobWorker({
      databaseUrl: opts.databaseUrl,
      db,
      node: {
        id: opts.nodeId,
        roles: [...config.roles],
        internalUrl: config.internalUrl,
        hostname: hostname(),
        pid: process.pid,
      },
      tasks: jobs.tasks,
      crontab: jobs.crontab,
      concurrency: opts.concurrency,
      onStopping: jobs.onStopping,
      log: (m) => opts.log(`[jobs] ${m}`),
      reapGraceMs: opts.reapGraceMs,
      pollIntervalMs: opts.pollIntervalMs,
    });
  } catch (e) {
    await jobs?.stop();
    await release();
    throw e;
  }
  // Periodic tasks that should not wait for their first tick (a process restarted after a long stop).
  for (const name of jobs.kickoff) await enqueue(db, name, {}, { jobKey: name });
  const started = jobs;
  return {
    async stop() {
      await worker.stop();
      await started.stop();
      await release();
    },
    healthy: () => worker.healthy(),
  };
}
