// The job queue, chosen by measurement (docs/decisions/0004): pg-boss 10 and graphile-worker 0.16
// side by side on one embedded PostgreSQL, each in its own database, same machine, same run.
//   enqueue: jobs/s, one INSERT per job from one client (what a request does)
//   pick-up latency: enqueue one job on an idle queue → its handler starts (p50/p95)
//   throughput: THROUGHPUT_JOBS no-op jobs processed by 2 workers
//   idle load: database transactions/s while a worker waits on an empty queue
// Baseline: the same database's bare INSERT into a one-column table (enqueue) and an idle
// database with no worker (idle load).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run as runGraphile, makeWorkerUtils } from 'graphile-worker';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { register } from 'tsx/esm/api';
import { ROOT, report } from './lib.mjs';

register();
const db = await import(path.join(ROOT, 'packages/db/src/index.ts'));

const JOBS = Number(process.env.JOBS ?? 1000);
/** pg-boss takes a job per worker per poll (500 ms at least): a larger count only makes the run longer. */
const THROUGHPUT_JOBS = Number(process.env.THROUGHPUT_JOBS ?? 200);
const LATENCY_SAMPLES = Number(process.env.SAMPLES ?? 30);
const IDLE_S = Number(process.env.IDLE_S ?? 10);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const r1 = (x) => Math.round(x * 10) / 10;

const dir = mkdtempSync(path.join(tmpdir(), 'bench-jobs-'));
const server = await db.startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: 'bench' });
const admin = new pg.Client({ connectionString: server.url });
await admin.connect();
for (const name of ['boss', 'graphile', 'bare']) await admin.query(`create database ${name}`);
const urlOf = (name) => db.withDatabase(server.url, name);

async function commitsPerSecond(url, seconds) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const read = async () =>
    Number(
      (await c.query('select xact_commit from pg_stat_database where datname = current_database()')).rows[0]
        .xact_commit,
    );
  await sleep(11_000); // an idle backend flushes its statistics up to 10 s late
  const a = await read();
  await sleep(seconds * 1000);
  await sleep(1500);
  const b = await read();
  await c.end();
  return (b - a - 1) / seconds;
}

/** One queue implementation behind the bench's four questions. */
async function measure(label, q) {
  const out = {};
  let t = performance.now();
  for (let i = 0; i < JOBS; i++) await q.enqueueIdle(i);
  out.enqueuePerS = JOBS / ((performance.now() - t) / 1000);
  await q.clear();

  const waits = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const started = new Promise((resolve) => (q.onJob = resolve));
    const t0 = performance.now();
    await q.enqueue({ i });
    await started;
    waits.push(performance.now() - t0);
    await sleep(50 + Math.random() * 200);
  }
  out.pickupP50 = pct(waits, 0.5);
  out.pickupP95 = pct(waits, 0.95);

  let done = 0;
  const all = new Promise((resolve) => {
    q.onJob = () => {
      if (++done === THROUGHPUT_JOBS) resolve();
    };
  });
  await q.enqueueMany(THROUGHPUT_JOBS);
  t = performance.now();
  await all;
  out.processedPerS = THROUGHPUT_JOBS / ((performance.now() - t) / 1000);
  q.onJob = () => {};
  out.idleTxPerS = await commitsPerSecond(q.url, IDLE_S);
  console.log(label, out);
  return out;
}

const rows = [];
const stops = [];
try {
  // Baseline: a bare insert per job, and an idle database.
  const bare = new pg.Client({ connectionString: urlOf('bare') });
  await bare.connect();
  stops.push(() => bare.end());
  await bare.query('create table jobs (id bigserial primary key, payload jsonb)');
  const t = performance.now();
  for (let i = 0; i < JOBS; i++) await bare.query('insert into jobs (payload) values ($1)', [{ i }]);
  const bareInsert = JOBS / ((performance.now() - t) / 1000);
  const bareIdle = await commitsPerSecond(urlOf('bare'), IDLE_S);

  // pg-boss 10: polling (500 ms is its minimum), a queue with retries and a dead-letter queue.
  const boss = new PgBoss({ connectionString: urlOf('boss'), max: 4, supervise: true, schedule: false });
  boss.on('error', (e) => console.error('pg-boss', e.message));
  await boss.start();
  stops.push(() => boss.stop({ graceful: false, wait: true }));
  await boss.createQueue('dead');
  await boss.createQueue('q', { retryLimit: 3, retryBackoff: true, deadLetter: 'dead' });
  const b = { url: urlOf('boss'), onJob: () => {} };
  Object.assign(b, {
    enqueueIdle: (i) => boss.send('q', { i }),
    enqueue: (data) => boss.send('q', data),
    enqueueMany: (n) => boss.insert(Array.from({ length: n }, (_, i) => ({ name: 'q', data: { i } }))),
    clear: () => boss.getDb().executeSql("delete from pgboss.job where name = 'q'"),
  });
  const bossStart = async () => {
    for (let w = 0; w < 2; w++)
      await boss.work('q', { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => b.onJob(job));
  };
  // Enqueue is measured before any worker takes jobs.
  const bossOut = await measure('pg-boss', {
    ...b,
    get onJob() {
      return b.onJob;
    },
    set onJob(fn) {
      b.onJob = fn;
    },
    async clear() {
      await b.clear();
      await bossStart();
    },
  });

  // graphile-worker 0.16: LISTEN/NOTIFY wakes a worker at once; add_job is SQL.
  const gurl = urlOf('graphile');
  const utils = await makeWorkerUtils({ connectionString: gurl });
  await utils.migrate();
  stops.push(() => utils.release());
  let runner;
  const g = { url: gurl, onJob: () => {} };
  const graphileOut = await measure('graphile-worker', {
    url: gurl,
    get onJob() {
      return g.onJob;
    },
    set onJob(fn) {
      g.onJob = fn;
    },
    enqueueIdle: (i) => utils.addJob('q', { i }, { maxAttempts: 3 }),
    enqueue: (data) => utils.addJob('q', data, { maxAttempts: 3 }),
    enqueueMany: (n) =>
      utils.withPgClient((c) =>
        c.query(
          `select graphile_worker.add_jobs(array(
             select json_populate_record(null::graphile_worker.job_spec, json_build_object(
               'identifier', 'q', 'payload', json_build_object('i', g), 'max_attempts', 3))
             from generate_series(1, $1) g))`,
          [n],
        ),
      ),
    async clear() {
      await utils.withPgClient((c) => c.query('delete from graphile_worker._private_jobs'));
      runner = await runGraphile({
        connectionString: gurl,
        concurrency: 2,
        noHandleSignals: true,
        pollInterval: 2000,
        logger: new (await import('graphile-worker')).Logger(() => () => {}),
        taskList: { q: async (payload) => g.onJob(payload) },
      });
      stops.unshift(() => runner.stop());
    },
  });

  const row = (figure, base, boss, graphile, unit) => ({
    figure,
    baseline: base === undefined ? '' : `${r1(base)} ${unit}`,
    'pg-boss 10': `${r1(boss)} ${unit}`,
    'graphile-worker 0.16': `${r1(graphile)} ${unit}`,
  });
  rows.push(
    row('enqueue (one insert per job)', bareInsert, bossOut.enqueuePerS, graphileOut.enqueuePerS, 'jobs/s'),
    row('pick-up latency p50, idle queue', undefined, bossOut.pickupP50, graphileOut.pickupP50, 'ms'),
    row('pick-up latency p95, idle queue', undefined, bossOut.pickupP95, graphileOut.pickupP95, 'ms'),
    row(
      `throughput, 2 workers, ${THROUGHPUT_JOBS} no-op jobs`,
      undefined,
      bossOut.processedPerS,
      graphileOut.processedPerS,
      'jobs/s',
    ),
    row('idle database load, one worker waiting', bareIdle, bossOut.idleTxPerS, graphileOut.idleTxPerS, 'tx/s'),
  );
} catch (e) {
  console.error('job-queue failed:', e);
  process.exitCode = 1;
} finally {
  for (const stop of stops) await stop().catch(() => {});
  await admin.end();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
report('job-queue', rows);
