// Analytics query p50/p95/p99 over 10,000,000 events, through the real repository
// functions (apps/server/src/modules/analytics), for each grouping of GET /api/v1/analytics/events
// and the heat map, over the last 30 local days of a Europe/Paris workspace: the whole workspace,
// and one site of 20 cameras. Baselines in the same run, on the same pool: the same figures read
// from the events table alone (`rollup: false`: what the event_counts tables replace, decision
// 0010), and a `select 1` round trip. Also: uptime and footage for 200 cameras, and what the
// counting triggers cost an event insert (one event per transaction, with and without them).
//
// Data: one workspace, 200 cameras in 10 sites, EVENTS events over the last 30 days (all of them
// inside the period asked for: the worst case for one workspace): 90% motion, 8% recording.gap,
// 1% camera.offline (lasting up to 10 minutes), 1% camera.online. Bulk-loaded by INSERT … SELECT
// generate_series in chunks with the events' secondary indexes dropped and rebuilt after (the
// counting triggers stay on: each chunk is one aggregate into the three tables), then ANALYZE.
// Smoke: EVENTS=200000 RUNS=20.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { register } from 'tsx/esm/api';
import { ROOT, report } from './lib.mjs';

register();
const db = await import(path.join(ROOT, 'packages/db/src/index.ts'));
const { analyticsRepo } = await import(path.join(ROOT, 'apps/server/src/modules/analytics/analytics.repo.ts'));
const { uptimeRepo } = await import(path.join(ROOT, 'apps/server/src/modules/analytics/uptime.repo.ts'));

const EVENTS = Number(process.env.EVENTS ?? 10_000_000);
const CAMERAS = 200;
const SITES = 10;
const RUNS = Number(process.env.RUNS ?? 50);
const RAW_RUNS = Number(process.env.RAW_RUNS ?? 3);
const INSERTS = Number(process.env.INSERTS ?? 300);
const TZ = 'Europe/Paris';

const dir = mkdtempSync(path.join(tmpdir(), 'bench-analytics-'));
const pgServer = await db.startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: 'bench' });
// No statement timeout: the bulk load runs longer than the app's 15 s.
const { db: plain, pool } = db.createDb(pgServer.url, 2, { timeouts: false });
let lastQuery = null;
const orm = drizzle(pool, {
  schema: db.schema,
  logger: { logQuery: (text, params) => (lastQuery = { text, params }) },
});

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
async function measure(fn, runs = RUNS, warm = 3) {
  for (let i = 0; i < warm; i++) await fn(i);
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    ms.push(performance.now() - start);
  }
  return {
    runs,
    'p50 (ms)': +pct(ms, 50).toFixed(1),
    'p95 (ms)': +pct(ms, 95).toFixed(1),
    'p99 (ms)': +pct(ms, 99).toFixed(1),
  };
}
/** The scans of the last statement drizzle sent, in one line. */
async function scansOf(text, params) {
  const { rows } = await pool.query(`explain ${text}`, params);
  const scans = rows
    .map((r) => r['QUERY PLAN'])
    .map((l) =>
      /((?:Parallel )?(?:Index Only Scan|Index Scan|Bitmap Heap Scan|Seq Scan)) (?:using (\S+) )?on (\S+)/.exec(l),
    )
    .filter(Boolean)
    .map((m) => `${m[1]} ${m[2] ?? m[3]}`);
  return [...new Set(scans)].join(', ');
}

try {
  await db.runMigrations(plain);
  const t0 = performance.now();
  const { rows: wsRows } = await pool.query(
    `insert into workspaces (name, owner_id, time_zone) values ('bench', gen_random_uuid(), $1) returning id`,
    [TZ],
  );
  const ws = wsRows[0].id;
  await pool.query(`insert into sites (workspace_id, name) select $1, 'site ' || s from generate_series(1, $2) s`, [
    ws,
    SITES,
  ]);
  await pool.query(
    `insert into cameras (workspace_id, name, source_type, site_id, created_at)
     select $1, 'cam ' || c, 'test-pattern',
            (select id from sites where workspace_id = $1 order by name offset (c % $3) limit 1), now() - interval '60 days'
     from generate_series(1, $2) c`,
    [ws, CAMERAS, SITES],
  );
  // The secondary indexes go during the load and come back after: building one is far cheaper
  // than 10 million random insertions into it. The ids are UUIDv7 (time-ordered): the primary
  // key is appended to, not scattered into.
  const { rows: indexes } = await pool.query(
    `select indexname, indexdef from pg_indexes where tablename = 'events' and indexname <> 'events_pkey'`,
  );
  for (const i of indexes) await pool.query(`drop index ${i.indexname}`);
  const CHUNKS = Math.max(1, Math.ceil(EVENTS / 1_000_000));
  for (let chunk = 0; chunk < CHUNKS; chunk++) {
    await pool.query(
      `with cams as (select id, (row_number() over (order by id) - 1)::int as n from cameras where workspace_id = $1)
       insert into events (id, workspace_id, camera_id, kind, severity, start_at, end_at, created_at, updated_at)
       select uuidv7(), $1, c.id, x.kind, case when x.kind = 'camera.offline' then 'alert' else 'info' end, x.t,
              case when x.kind = 'camera.offline' then x.t + random() * interval '10 minutes' end, x.t, x.t
       from (
         select g, now() - random() * interval '30 days' as t,
                case when k < 0.90 then 'motion' when k < 0.98 then 'recording.gap'
                     when k < 0.99 then 'camera.offline' else 'camera.online' end as kind
         from (select g, random() as k from generate_series($2::int, $3::int - 1) g) s
       ) x
       join cams c on c.n = x.g % $4::int`,
      [ws, Math.floor((chunk * EVENTS) / CHUNKS), Math.floor(((chunk + 1) * EVENTS) / CHUNKS), CAMERAS],
    );
    process.stdout.write(`\rloading events… ${Math.round(((chunk + 1) * 100) / CHUNKS)}%`);
  }
  const loadedAt = performance.now();
  process.stdout.write('\rrebuilding the events indexes…');
  for (const i of indexes) await pool.query(i.indexdef);
  await pool.query('vacuum analyze');
  const loadSeconds = (loadedAt - t0) / 1000;
  const indexSeconds = (performance.now() - loadedAt) / 1000;
  const { rows: sizes } = await pool.query(
    `select (select count(*) from events)::int as events,
            (select count(*) from event_counts)::int as camera_quarters,
            (select count(*) from event_counts_daily)::int as camera_days,
            (select count(*) from event_counts_workspace)::int as workspace_quarters,
            pg_size_pretty(pg_total_relation_size('events')) as events_size,
            pg_size_pretty(pg_total_relation_size('event_counts') + pg_total_relation_size('event_counts_daily')
              + pg_total_relation_size('event_counts_workspace')) as counts_size`,
  );
  console.log(
    `\rloaded ${sizes[0].events} events in ${loadSeconds.toFixed(0)} s (counting triggers on), indexes rebuilt in ${indexSeconds.toFixed(0)} s`,
    sizes[0],
  );

  // The last 30 local days, today included: [local midnight 29 days ago, next local midnight).
  const { rows: bounds } = await pool.query(
    `select (date_trunc('day', now() at time zone $1) - interval '29 days') at time zone $1 as "from",
            (date_trunc('day', now() at time zone $1) + interval '1 day') at time zone $1 as "to"`,
    [TZ],
  );
  const period = { from: new Date(bounds[0].from), to: new Date(bounds[0].to) };
  const { rows: camRows } = await pool.query(
    `select c.id, c.site_id from cameras c where c.workspace_id = $1 order by c.name`,
    [ws],
  );
  const allIds = camRows.map((r) => r.id);
  const siteIds = camRows.filter((r) => r.site_id === camRows[0].site_id).map((r) => r.id);
  const scopes = [
    ['workspace', { workspaceId: ws, cameras: null }],
    [`one site (${siteIds.length} cameras)`, { workspaceId: ws, cameras: siteIds }],
  ];
  const figures = [
    ['events by day', (s, o) => analyticsRepo.counts(orm, s, period, TZ, 'day', o)],
    ['events by hour', (s, o) => analyticsRepo.counts(orm, s, period, TZ, 'hour', o)],
    ['events by camera', (s, o) => analyticsRepo.counts(orm, s, period, TZ, 'camera', o)],
    ['events by site', (s, o) => analyticsRepo.counts(orm, s, period, TZ, 'site', o)],
    ['heat map', (s, o) => analyticsRepo.heatmap(orm, s, period, TZ, o)],
  ];
  // Both paths agree before anything is timed.
  for (const [what, fn] of figures) {
    const total = (rows) => rows.reduce((n, r) => n + r.count, 0);
    const fast = total(await fn(scopes[0][1], {}));
    const slow = total(await fn(scopes[0][1], { rollup: false }));
    if (fast !== slow) throw new Error(`${what}: the counts say ${fast}, the events ${slow}`);
  }

  const rows = [{ what: 'baseline: select 1 round trip', ...(await measure(() => pool.query('select 1'))), scans: '' }];
  for (const [scopeName, s] of scopes) {
    for (const [what, fn] of figures) {
      await fn(s, {});
      const scans = await scansOf(lastQuery.text, lastQuery.params);
      rows.push({ what: `${what}, ${scopeName}`, ...(await measure(() => fn(s, {}))), scans });
      rows.push({
        what: `  baseline: the same from events alone`,
        ...(await measure(() => fn(s, { rollup: false }), RAW_RUNS, 1)),
        scans: await (async () => {
          await fn(s, { rollup: false });
          return scansOf(lastQuery.text, lastQuery.params);
        })(),
      });
    }
  }
  rows.push({
    what: `uptime of ${CAMERAS} cameras (summary + latest outages)`,
    ...(await measure(() =>
      Promise.all([uptimeRepo.summary(orm, ws, allIds, period), uptimeRepo.outages(orm, ws, allIds, period, 50)]),
    )),
    scans: 'Index Only Scan events_outages_idx',
  });
  rows.push({
    what: `footage kept, ${CAMERAS} cameras`,
    ...(await measure(() => uptimeRepo.footage(orm, allIds))),
    scans: '',
  });

  // What counting costs an insert: one event per transaction, as the recorder writes them.
  const insertOne = (i) =>
    pool.query(
      `insert into events (workspace_id, camera_id, kind, severity, start_at) values ($1, $2, 'motion', 'info', now())`,
      [ws, allIds[i % allIds.length]],
    );
  const withTriggers = await measure(insertOne, INSERTS, 10);
  await pool.query('alter table events disable trigger events_count_insert');
  const without = await measure(insertOne, INSERTS, 10);
  await pool.query('alter table events enable trigger events_count_insert');
  rows.push({ what: 'insert one event (counting triggers on)', ...withTriggers, scans: '' });
  rows.push({ what: '  baseline: insert one event, triggers off', ...without, scans: '' });

  report('analytics', rows);
  console.log(
    `${sizes[0].events} events in one workspace (${CAMERAS} cameras, ${SITES} sites), all in the 30 days asked for; ` +
      `${RUNS} runs per figure (baselines: ${RAW_RUNS}); event_counts rows: ${sizes[0].camera_quarters} per camera ` +
      `and quarter hour, ${sizes[0].camera_days} per camera and day, ${sizes[0].workspace_quarters} per workspace ` +
      `and quarter hour (${sizes[0].counts_size}, beside ${sizes[0].events_size} of events)`,
  );
} catch (e) {
  console.error('analytics failed:', e);
  process.exitCode = 1;
} finally {
  await pool.end();
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}
