import type { Db, DbOrTx } from '@vigil/db';
import { sql } from 'drizzle-orm';

/**
 * The job queue's only SQL (graphile-worker's schema, docs/decisions/0004). Jobs are added with
 * its SQL function, so a job can be enqueued inside the transaction that creates its row; a job
 * whose attempts reached its max_attempts is never run again: that is the dead-letter list.
 */

export interface EnqueueOptions {
  /** One job per key: a second enqueue replaces the payload (or, with preserveRunAt, keeps the time). */
  jobKey?: string;
  preserveRunAt?: boolean;
  runAt?: Date;
  maxAttempts?: number;
}

export async function addJob(db: DbOrTx, task: string, payload: unknown, o: EnqueueOptions = {}): Promise<void> {
  await db.execute(sql`select graphile_worker.add_job(
    ${task}, ${JSON.stringify(payload)}::json,
    run_at => ${o.runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${o.maxAttempts ?? null}::int,
    job_key => ${o.jobKey ?? null}::text,
    job_key_mode => ${o.preserveRunAt ? 'preserve_run_at' : 'replace'}::text)`);
}

/** No more attempts for a running job: when it fails now, it is a dead letter at once. */
export async function endRetries(db: Db, id: string): Promise<void> {
  await db.execute(sql`update graphile_worker._private_jobs set max_attempts = greatest(attempts, 1)
    where id = ${id}::bigint`);
}

export interface DeadJobRow {
  id: string;
  task: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: Date;
  failedAt: Date;
}

export async function deadJobs(db: Db, limit: number): Promise<DeadJobRow[]> {
  const r = await db.execute<{
    id: string;
    task_identifier: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    created_at: Date;
    updated_at: Date;
  }>(sql`
    select j.id::text, t.identifier as task_identifier, j.payload, j.attempts, j.max_attempts, j.last_error,
           j.created_at, j.updated_at
    from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where j.attempts >= j.max_attempts and j.locked_at is null
    order by j.updated_at desc, j.id desc
    limit ${limit}`);
  return r.rows.map((row) => ({
    id: row.id,
    task: row.task_identifier,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    createdAt: new Date(row.created_at),
    failedAt: new Date(row.updated_at),
  }));
}

/** Drops a dead job (what graphile-worker's completeJobs does); false when no dead job has that id. */
export async function dropDeadJob(db: Db, id: string): Promise<boolean> {
  const r = await db.execute(sql`
    delete from graphile_worker._private_jobs
    where id = ${id}::bigint and attempts >= max_attempts and locked_at is null
    returning id`);
  return r.rows.length > 0;
}

/**
 * A dead job runs again now, its attempts counted from zero; the workers hear it as they hear a
 * new job. False when no dead job has that id (retried already, or never dead).
 */
export async function reviveJob(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const r = await tx.execute(sql`
      update graphile_worker._private_jobs set attempts = 0, run_at = now(), last_error = null, updated_at = now()
      where id = ${id}::bigint and attempts >= max_attempts and locked_at is null
      returning id`);
    if (!r.rows.length) return false;
    await tx.execute(sql`select pg_notify('jobs:insert', '{"r":' || random()::text || ',"count":1}')`);
    return true;
  });
}

/** Queue depth (waiting to run now), running, scheduled later, and dead — for /metrics. */
export async function queueCounts(db: Db): Promise<{ waiting: number; running: number; dead: number }> {
  const r = await db.execute<{ waiting: number; running: number; dead: number }>(sql`
    select count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now())::int as waiting,
           count(*) filter (where locked_at is not null)::int as running,
           count(*) filter (where attempts >= max_attempts)::int as dead
    from graphile_worker._private_jobs`);
  return r.rows[0]!;
}

/** Registers the queue workers a work process runs (its vigil_nodes row, kept alive by its heartbeat). */
export async function registerWorkers(
  db: Db,
  node: { id: string; roles: readonly string[]; internalUrl: string; hostname: string; pid: number },
  workers: readonly string[],
  ttlMs: number,
): Promise<void> {
  await db.execute(sql`
    insert into vigil_nodes (id, roles, internal_url, hostname, pid, job_workers, expires_at)
    values (${node.id}, ${`{${node.roles.join(',')}}`}::text[], ${node.internalUrl}, ${node.hostname}, ${node.pid},
            ${`{${workers.join(',')}}`}::text[], now() + ${ttlMs} * interval '1 millisecond')
    on conflict (id) do update set job_workers = excluded.job_workers,
      expires_at = greatest(vigil_nodes.expires_at, excluded.expires_at)`);
}

/**
 * Queue workers holding a job for longer than `graceMs` that no live process runs: they died
 * (kill -9, a lost machine). Their jobs are unlocked so another worker retries them at once,
 * instead of graphile-worker's own 4-hour lock expiry.
 */
export async function deadWorkers(db: Db, graceMs: number): Promise<string[]> {
  const r = await db.execute<{ locked_by: string }>(sql`
    select distinct locked_by from graphile_worker._private_jobs
    where locked_by is not null and locked_at < now() - ${graceMs} * interval '1 millisecond'
      and locked_by not in (select unnest(job_workers) from vigil_nodes where expires_at > now())`);
  return r.rows.map((row) => row.locked_by);
}
