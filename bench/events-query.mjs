// p50/p95/p99 of the events list (GET /api/v1/events) on 1,000,000 events, through the real
// repository function (eventsRepo.list: keyset on (start_at, id), newest first, limit 50), for the
// filters the events page offers and for a deep page (page 200, reached by following cursors).
// Baselines in the same run, on the same pool: the same deep page with OFFSET/LIMIT (what the
// keyset avoids) and a `select 1` round trip. Each query's plan is EXPLAIN (ANALYZE, BUFFERS)ed
// once and its scan node printed beside it, to show every one is an index range scan.
//
// Data: WORKSPACES × CAMERAS_PER_WS cameras, EVENTS events spread evenly over them and over 90
// days: 85% motion (armed 35% of the time: an alert, else info), 4% camera.offline (alert),
// 4% camera.online, 7% recording.gap (info); 30% acknowledged. Bulk-loaded by INSERT … SELECT
// generate_series, then ANALYZE. Smoke: EVENTS=100000 RUNS=30.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { register } from 'tsx/esm/api';
import { ROOT, report } from './lib.mjs';

register();
const db = await import(path.join(ROOT, 'packages/db/src/index.ts'));
const { eventsRepo } = await import(path.join(ROOT, 'apps/server/src/modules/events/events.repo.ts'));

const EVENTS = Number(process.env.EVENTS ?? 1_000_000);
const WORKSPACES = 10;
const CAMERAS_PER_WS = 20;
const RUNS = Number(process.env.RUNS ?? 300);
const PAGE = 50;
const DEEP_PAGE = 200;

const dir = mkdtempSync(path.join(tmpdir(), 'bench-events-query-'));
const pgServer = await db.startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: 'bench' });
// No statement timeout: the bulk load runs longer than the app's 15 s.
const { db: plain, pool } = db.createDb(pgServer.url, 2, { timeouts: false });
// The same pool, with the last statement drizzle sent kept for EXPLAIN.
let lastQuery = null;
const orm = drizzle(pool, {
  schema: db.schema,
  logger: { logQuery: (text, params) => (lastQuery = { text, params }) },
});

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
async function measure(fn) {
  for (let i = 0; i < 10; i++) await fn(i); // warm-up
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn(i);
    ms.push(performance.now() - start);
  }
  return {
    'p50 (ms)': +pct(ms, 50).toFixed(3),
    'p95 (ms)': +pct(ms, 95).toFixed(3),
    'p99 (ms)': +pct(ms, 99).toFixed(3),
  };
}
/** The plan, and its nodes under Limit in one line ("Sort < Bitmap Heap Scan < Bitmap Index Scan using …"). */
async function planOf(text, params) {
  const { rows } = await pool.query(`explain (analyze, buffers) ${text}`, params);
  const lines = rows.map((r) => r['QUERY PLAN']);
  const nodes = lines
    .filter((l) => l.includes('(cost='))
    .map((l) =>
      l
        .replace(/^[\s\->]+/, '')
        .replace(/\s+\(cost=.*$/, '')
        .replace(/ on events$/, ''),
    )
    .filter((n) => n !== 'Limit');
  return { lines, scan: nodes.join(' < ') };
}

try {
  await db.runMigrations(plain);
  const t0 = performance.now();
  await pool.query(
    `insert into workspaces (name, owner_id) select 'bench ' || w, gen_random_uuid() from generate_series(1, $1) w`,
    [WORKSPACES],
  );
  await pool.query(
    `insert into cameras (workspace_id, name, source_type)
     select w.id, 'cam ' || c, 'test-pattern' from workspaces w, generate_series(1, $1) c`,
    [CAMERAS_PER_WS],
  );
  // In chunks (one statement each) so a 2-core box shared with other work shows progress.
  const CHUNKS = 10;
  for (let chunk = 0; chunk < CHUNKS; chunk++) {
    await pool.query(
      `with cams as (select id, workspace_id, (row_number() over (order by id) - 1)::int as n from cameras)
       insert into events (workspace_id, camera_id, kind, severity, start_at, end_at, armed, acknowledged_at,
                           acknowledged_by, created_at, updated_at)
       select c.workspace_id, c.id, x.kind,
              case when x.kind = 'camera.offline' or (x.kind = 'motion' and x.armed) then 'alert' else 'info' end,
              x.t, x.t + make_interval(secs => 5 + x.r * 120), x.kind = 'motion' and x.armed,
              case when x.ack then x.t + interval '2 hours' end,
              case when x.ack then c.workspace_id end,
              x.t, x.t
       from (
         select g, now() - random() * interval '90 days' as t, random() as r, random() < 0.35 as armed,
                random() < 0.3 as ack,
                (array['motion', 'camera.offline', 'camera.online', 'recording.gap'])[
                  case when k < 0.85 then 1 when k < 0.89 then 2 when k < 0.93 then 3 else 4 end] as kind
         from (select g, random() as k from generate_series($1::int, $2::int - 1) g) s
       ) x
       join cams c on c.n = x.g % $3::int`,
      [Math.floor((chunk * EVENTS) / CHUNKS), Math.floor(((chunk + 1) * EVENTS) / CHUNKS), WORKSPACES * CAMERAS_PER_WS],
    );
    process.stdout.write(`\rloading events… ${Math.round(((chunk + 1) * 100) / CHUNKS)}%`);
  }
  await pool.query('analyze');
  const loadSeconds = (performance.now() - t0) / 1000;
  const { rows: counts } = await pool.query(
    `select count(*)::int as n,
            count(*) filter (where kind = 'camera.offline')::int as offline,
            count(*) filter (where severity = 'alert')::int as alerts,
            count(*) filter (where acknowledged_at is null)::int as unacked
     from events`,
  );
  console.log(`\rloaded ${counts[0].n} events in ${loadSeconds.toFixed(1)} s`, counts[0]);

  const { rows: ws } = await pool.query('select id from workspaces order by id');
  const wsIds = ws.map((r) => r.id);
  const camsOf = new Map();
  for (const w of wsIds) {
    const { rows } = await pool.query('select id from cameras where workspace_id = $1 order by id', [w]);
    camsOf.set(
      w,
      rows.map((r) => r.id),
    );
  }
  const wsOf = (i) => wsIds[i % wsIds.length];
  const day = 86_400_000;
  const rangeOf = (i) => {
    const from = new Date(Date.now() - (30 + (i % 30)) * day);
    return { from: from.toISOString(), to: new Date(from.getTime() + day).toISOString() };
  };

  const offsetSql = `select *, start_at::text as sort_text from events where workspace_id = $1
    order by start_at desc, id desc offset $2 limit $3`;
  const offsetPage = (i) => pool.query(offsetSql, [wsOf(i), (DEEP_PAGE - 1) * PAGE, PAGE + 1]);
  // The cursor of page DEEP_PAGE of each workspace: the last row of page DEEP_PAGE - 1. For the
  // first workspace it is reached the way a client does, page by page (and must agree).
  const deepCursor = new Map();
  for (const w of wsIds) {
    const { rows } = await pool.query(offsetSql, [w, (DEEP_PAGE - 1) * PAGE - 1, 1]);
    deepCursor.set(w, { startAt: rows[0].sort_text, id: rows[0].id });
  }
  const walkStart = performance.now();
  let after;
  for (let p = 1; p < DEEP_PAGE; p++) after = (await eventsRepo.list(orm, wsIds[0], {}, PAGE, after)).next;
  const walkMs = performance.now() - walkStart;
  if (after.id !== deepCursor.get(wsIds[0]).id) throw new Error('walking the cursors reached another page');

  const cases = [
    ['first page, workspace, no filter', (i) => eventsRepo.list(orm, wsOf(i), {}, PAGE)],
    [
      'first page, one camera',
      (i) => eventsRepo.list(orm, wsOf(i), { cameraId: camsOf.get(wsOf(i))[i % CAMERAS_PER_WS] }, PAGE),
    ],
    ['first page, kind=camera.offline', (i) => eventsRepo.list(orm, wsOf(i), { kind: 'camera.offline' }, PAGE)],
    ['first page, acknowledged=false', (i) => eventsRepo.list(orm, wsOf(i), { acknowledged: false }, PAGE)],
    ['first page, severity=alert', (i) => eventsRepo.list(orm, wsOf(i), { severity: 'alert' }, PAGE)],
    ['first page, one day 30–60 days ago', (i) => eventsRepo.list(orm, wsOf(i), rangeOf(i), PAGE)],
    [`page ${DEEP_PAGE}, keyset (startAfter)`, (i) => eventsRepo.list(orm, wsOf(i), {}, PAGE, deepCursor.get(wsOf(i)))],
  ];
  // Same rows either way (the keyset and the offset agree).
  const k = await eventsRepo.list(orm, wsIds[0], {}, PAGE, deepCursor.get(wsIds[0]));
  const o = await offsetPage(0);
  if (k.rows[0]?.id !== o.rows[0]?.id || k.rows.at(-1)?.id !== o.rows[PAGE - 1]?.id)
    throw new Error('keyset page and offset page differ');

  const rows = [{ what: 'baseline: select 1 round trip', ...(await measure(() => pool.query('select 1'))), plan: '' }];
  let deepPlan;
  for (const [what, fn] of cases) {
    await fn(3);
    const { text, params } = lastQuery;
    const plan = await planOf(text, params);
    if (what.startsWith(`page ${DEEP_PAGE}`)) deepPlan = plan.lines;
    rows.push({ what, ...(await measure(fn)), plan: plan.scan });
  }
  const offPlan = await planOf(offsetSql, [wsIds[3], (DEEP_PAGE - 1) * PAGE, PAGE + 1]);
  rows.push({ what: `baseline: page ${DEEP_PAGE}, OFFSET/LIMIT`, ...(await measure(offsetPage)), plan: offPlan.scan });
  // Reference: the first page with the ORDER BY spelled as the indexes are built (NULLS LAST).
  // The repository's `order by start_at desc, id desc` means NULLS FIRST, which those indexes
  // cannot return in order, so PostgreSQL reads and sorts every matching row instead.
  const nullsLastSql = `select *, start_at::text as sort_text from events where workspace_id = $1
    order by start_at desc nulls last, id desc nulls last limit $2`;
  const nlPlan = await planOf(nullsLastSql, [wsIds[3], PAGE + 1]);
  rows.push({
    what: 'reference: first page, ORDER BY … NULLS LAST',
    ...(await measure((i) => pool.query(nullsLastSql, [wsOf(i), PAGE + 1]))),
    plan: nlPlan.scan,
  });

  report('events-query', rows);
  console.log(
    `${counts[0].n} events, ${WORKSPACES} workspaces × ${CAMERAS_PER_WS} cameras, ${RUNS} runs each; ` +
      `walking to page ${DEEP_PAGE} (${DEEP_PAGE - 1} keyset pages) took ${walkMs.toFixed(0)} ms (one workspace)`,
  );
  console.log(`EXPLAIN (ANALYZE, BUFFERS) of page ${DEEP_PAGE} by keyset:\n${deepPlan.join('\n')}`);
  console.log(`EXPLAIN (ANALYZE, BUFFERS) of page ${DEEP_PAGE} by OFFSET:\n${offPlan.lines.join('\n')}`);
} catch (e) {
  console.error('events-query failed:', e);
  process.exitCode = 1;
} finally {
  await pool.end();
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}
