import { EventEmitter } from 'node:events';
import { type Db, endPool } from '@vigil/db';
import {
  Logger,
  makeWorkerUtils,
  run,
  runMigrations,
  type JobHelpers,
  type Runner,
  type WorkerEvents,
} from 'graphile-worker';
import { TOPICS } from '@vigil/shared';
import pg from 'pg';
import { recordJobFailed } from '../../lib/metrics.ts';
import { publish } from '../../lib/realtime.ts';
import { deadWorkers, endRetries, registerWorkers } from './jobs.repo.ts';
import type { Tasks } from '../../lib/job-catalogue.ts';

export type { Tasks } from '../../lib/job-catalogue.ts';

/**
 * The `work` role: runs the queue's jobs (graphile-worker, docs/decisions/0004). A job is locked
 * by one worker while it runs, so it never runs twice at once; a failure is retried with
 * exponential backoff until its max_attempts, then it stays in the table as a dead letter.
 * Workers register in vigil_nodes: a job locked by a worker no live process runs (its process was
 * killed) is unlocked after a grace period and retried elsewhere.
 */
/**
 * A failure another attempt cannot change (a mail server's 5xx, a send whose outcome is unknown):
 * the job goes straight to the failed jobs instead of waiting out its retries.
 */
export class FinalJobError extends Error {
  override name = 'FinalJobError';
}

export interface JobWorkerOptions {
  databaseUrl: string;
  db: Db;
  node: { id: string; roles: readonly string[]; internalUrl: string; hostname: string; pid: number };
  tasks: Tasks;
  /** graphile-worker crontab lines, e.g. "* * * * * retention-sweep". */
  crontab?: string;
  concurrency?: number;
  /** Called first on stop: long work (an ffmpeg cut) is abandoned to be retried elsewhere. */
  onStopping?(): void;
  log(msg: string): void;
  /** How long a dead worker's lock is kept before its job is retried (30 s). */
  reapGraceMs?: number;
  pollIntervalMs?: number;
}

export interface JobWorker {
  stop(): Promise<void>;
  /** The queue answers (readiness). */
  healthy(): boolean;
}

const HEARTBEAT_MS = 2000;
const NODE_TTL_MS = 8000;
const REAP_MS = 10_000;

/**
 * The queue's own pool, owned here rather than by graphile-worker: given a connection string it
 * ends its pool without waiting and drops its error listener first, so a connection the database
 * closes at that moment (a shutdown, PostgreSQL stopping next) crashed the process. Ours keeps a
 * listener for its whole life and is ended, awaited, before anything else stops.
 */
function queuePool(databaseUrl: string, max: number, log: (m: string) => void): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  pool.on('error', (e) => log(`job queue: idle connection lost: ${e.message}`));
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Creates or upgrades the queue's own schema (every process: any of them may enqueue). */
export async function migrateJobQueue(databaseUrl: string): Promise<void> {
  const pgPool = queuePool(databaseUrl, 1, () => {});
  try {
    await runMigrations({ pgPool, logger: quiet(() => {}) });
  } finally {
    await pgPool.end();
  }
}

/** The innermost cause's message (drizzle wraps the database's own error in "Failed query: …"). */
function rootMessage(e: unknown): string {
  let cur: unknown = e;
  while (cur instanceof Error && cur.cause instanceof Error) cur = cur.cause;
  return cur instanceof Error ? cur.message : String(cur);
}

function quiet(log: (m: string) => void): Logger {
  return new Logger(() => (level, message) => {
    if (level === 'error' || level === 'warning') log(message);
  });
}

export async function startJobWorker(opts: JobWorkerOptions): Promise<JobWorker> {
  const workers = new Set<string>();
  const events: WorkerEvents = new EventEmitter();
  let healthy = true;
  const register = () =>
    registerWorkers(opts.db, opts.node, [...workers], NODE_TTL_MS).then(
      () => {
        healthy = true;
      },
      (e) => {
        healthy = false;
        opts.log(`job queue: ${e instanceof Error ? e.message : e}`);
      },
    );
  events.on('worker:create', ({ worker }) => {
    workers.add(worker.workerId);
    void register();
  });
  events.on('job:failed', ({ job, error }) => {
    recordJobFailed(job.task_identifier);
    // The administrators' dashboard counts failed jobs: a bare signal to read it again.
    publish(opts.db, { topic: TOPICS.adminInstallation }).catch(() => {});
    opts.log(`job ${job.task_identifier} #${job.id} failed (attempt ${job.attempts} of ${job.max_attempts}): ${error}`);
  });
  const taskList = Object.fromEntries(
    Object.entries(opts.tasks).map(([name, fn]) => [
      name,
      async (payload: unknown, helpers: JobHelpers) => {
        try {
          await (fn as (p: unknown, j: { attempts: number; maxAttempts: number }) => Promise<void>)(payload, {
            attempts: helpers.job.attempts,
            maxAttempts: helpers.job.max_attempts,
          });
        } catch (e) {
          if (e instanceof FinalJobError) await endRetries(opts.db, helpers.job.id);
          // What the job list shows an administrator: the cause, not the SQL a driver wrapped it in.
          throw new Error(rootMessage(e));
        }
      },
    ]),
  );
  const concurrency = opts.concurrency ?? 2;
  // Each concurrent job holds a client; the LISTEN connection, the cron and the reaper's unlock one more each.
  const pgPool = queuePool(opts.databaseUrl, concurrency + 3, opts.log);
  const startRunner = () =>
    run({
      pgPool,
      concurrency,
      noHandleSignals: true,
      pollInterval: opts.pollIntervalMs ?? 2000,
      taskList,
      crontab: opts.crontab,
      logger: quiet(opts.log),
      events,
    });
  let runner: Runner;
  try {
    runner = await startRunner();
  } catch (e) {
    await pgPool.end();
    throw e;
  }
  let stopped = false;
  /**
   * graphile-worker stops for good when its cron cannot reach the database (a restart, a
   * failover): its runner's promise settles. The queue is started again instead, as soon as the
   * database answers (0.16 also left that rejection unhandled, which ended the whole process).
   */
  const supervise = (r: Runner): Promise<void> =>
    r.promise
      .then(
        () => 'its runner stopped',
        (e) => rootMessage(e),
      )
      .then(async (why) => {
        if (stopped) return;
        healthy = false;
        opts.log(`job queue: stopped (${why}); starting it again when the database answers`);
        await r.stop().catch(() => {});
        for (let delay = 1000; !stopped; delay = Math.min(delay * 2, 15_000)) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          if (stopped) return;
          try {
            workers.clear();
            runner = await startRunner();
            void supervise(runner);
            opts.log('job queue: running again');
            return;
          } catch (err) {
            opts.log(`job queue: not started yet (${rootMessage(err)})`);
          }
        }
      });
  void supervise(runner);
  await register();
  const heartbeat = setInterval(() => void register(), HEARTBEAT_MS);
  const utils = await makeWorkerUtils({ pgPool, logger: quiet(opts.log) });
  const reaper = setInterval(
    async () => {
      // This process's own workers are alive whatever the table says: its registration may be late
      // (a slow start, a heartbeat that missed the database for a while), and unlocking a job one of
      // them is running would start it a second time beside the first.
      const found = await deadWorkers(opts.db, opts.reapGraceMs ?? 30_000).catch(() => []);
      const dead = found.filter((w) => !workers.has(w));
      if (!dead.length) return;
      opts.log(`job queue: retrying the jobs of ${dead.length} dead worker(s)`);
      await utils.forceUnlockWorkers(dead).catch((e) => opts.log(`job queue: ${e}`));
    },
    Math.min(REAP_MS, opts.reapGraceMs ?? REAP_MS),
  );
  return {
    async stop() {
      clearInterval(heartbeat);
      clearInterval(reaper);
      stopped = true;
      opts.onStopping?.();
      await runner.stop().catch(() => {});
      await utils.release();
      await endPool(pgPool);
    },
    healthy: () => healthy,
  };
}
