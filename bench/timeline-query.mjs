// p50/p95 of the timeline's segment query for one camera-day, beside a `select 1` round trip on
// the same connection pool in the same run (these machines are noisy: read the ratio).
//
// Data: 16 cameras × 30 days × 2 h/day of 10 s segments = 345,600 rows. A full day of 10 s
// segments would be 8,640 rows per camera-day (4.1 M rows), too many to insert on a 2-core box
// shared with other work in a benchmark run; the query shape and index are the same, and one
// camera-day here returns 720 rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, report } from './lib.mjs';

register();
const db = await import(path.join(ROOT, 'packages/db/src/index.ts'));
const { segmentIndex } = await import(path.join(ROOT, 'apps/server/src/modules/segments/segments.service.ts'));

const CAMERAS = 16;
const DAYS = 30;
const HOURS_PER_DAY = 2;
const SEGMENT_S = 10;
const RUNS = Number(process.env.RUNS ?? 300);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-timeline-'));
const pgServer = await db.startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: 'bench' });
const { db: orm, pool } = db.createDb(pgServer.url, 4);
await db.runMigrations(orm);

const t0 = performance.now();
const { rows: ws } = await pool.query(
  `insert into workspaces (name, owner_id) values ('bench', gen_random_uuid()) returning id`,
);
const workspaceId = ws[0].id;
const cameraIds = [];
for (let c = 0; c < CAMERAS; c++) {
  const { rows } = await pool.query(
    `insert into cameras (workspace_id, name, source_type) values ($1, $2, 'test-pattern') returning id`,
    [workspaceId, `cam ${c}`],
  );
  cameraIds.push(rows[0].id);
}
const firstDay = Date.UTC(2026, 0, 1);
// One statement per camera: every day from 08:00 UTC, a segment every 10 s for two hours.
for (const cameraId of cameraIds) {
  await pool.query(
    `insert into segments (camera_id, workspace_id, start_at, end_at, bytes, path, init_bytes)
     select $1::uuid, $2::uuid, t, t + make_interval(secs => $5::int), 1000000, $1::text || '/' || extract(epoch from t)::bigint || '.mp4', 1000
     from generate_series(0, $3::int - 1) d,
          generate_series(0, $4::int - 1) s,
          lateral (select to_timestamp($6::bigint / 1000.0) + make_interval(days => d.d, hours => 8, secs => s.s * $5::int) as t) x`,
    [cameraId, workspaceId, DAYS, (HOURS_PER_DAY * 3600) / SEGMENT_S, SEGMENT_S, firstDay],
  );
}
await pool.query('analyze segments');
const { rows: count } = await pool.query('select count(*)::int as n from segments');
const loadSeconds = (performance.now() - t0) / 1000;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
async function measure(fn) {
  for (let i = 0; i < 20; i++) await fn(i); // warm-up
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn(i);
    ms.push(performance.now() - start);
  }
  return { 'p50 (ms)': +pct(ms, 50).toFixed(3), 'p95 (ms)': +pct(ms, 95).toFixed(3) };
}

const dayOf = (i) => {
  const start = new Date(firstDay + (i % DAYS) * 86_400_000);
  return { cameraId: cameraIds[i % CAMERAS], start, end: new Date(start.getTime() + 86_400_000) };
};
let rowsPerDay = 0;
const baseline = await measure(() => pool.query('select 1'));
const timeline = await measure(async (i) => {
  const d = dayOf(i);
  const segs = await segmentIndex.overlapping(orm, d.cameraId, d.start, d.end);
  rowsPerDay = segs.length;
});
const d = dayOf(7);
const { rows: plan } = await pool.query(
  `explain select start_at, end_at from segments where camera_id = $1 and start_at > $2 and start_at < $3 and end_at > $4 order by start_at`,
  [d.cameraId, new Date(d.start.getTime() - 600_000), d.end, d.start],
);

report('timeline-query', [
  { what: 'baseline: select 1 round trip', ...baseline, rows: 1 },
  { what: `timeline segments, one camera-day (${count[0].n} rows indexed)`, ...timeline, rows: rowsPerDay },
]);
console.log(`loaded ${count[0].n} segment rows in ${loadSeconds.toFixed(1)} s; plan: ${plan[0]['QUERY PLAN']}`);
await pool.end();
await pgServer.stop();
rmSync(dir, { recursive: true, force: true });
