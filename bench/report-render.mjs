// Report render time: a month of CAMERAS cameras, seeded by SQL — motion alerts
// (EVENTS_PER_DAY per camera per day, two thirds acknowledged after 10 s to 30 min), two outages
// per camera per day (camera.offline with their end, and camera.online), one segment row per camera
// per hour for the storage report. For each kind: the figures' queries alone (the baseline, same
// run, same data), then figures + CSV, figures + PDF, and the whole `report-render` job (claim,
// figures, PDF, storage write, usage recount); medians of RUNS. Smoke: CAMERAS=10 RUNS=2.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, medianTime, report } from './lib.mjs';

register();
const db = await import(path.join(ROOT, 'packages/db/src/index.ts'));
const { buildReportModel } = await import(path.join(ROOT, 'apps/server/src/modules/reports/report-build.service.ts'));
const { renderReportCsv } = await import(path.join(ROOT, 'apps/server/src/modules/reports/report-csv.ts'));
const { renderReportPdf } = await import(path.join(ROOT, 'apps/server/src/modules/reports/report-pdf.ts'));
const { createReportRenderTask } = await import(
  path.join(ROOT, 'apps/server/src/modules/reports/report-render.service.ts')
);
const { createLocalStorage } = await import(path.join(ROOT, 'apps/server/src/lib/storage.ts'));

const CAMERAS = Number(process.env.CAMERAS ?? 100);
const RUNS = Number(process.env.RUNS ?? 5);
const EVENTS_PER_DAY = Number(process.env.EVENTS_PER_DAY ?? 40);
const FROM = new Date('2026-03-01T00:00:00Z');
const TO = new Date('2026-04-01T00:00:00Z');

const dir = mkdtempSync(path.join(tmpdir(), 'bench-report-render-'));
const pgServer = await db.startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: 'bench' });
const { db: orm, pool } = db.createDb(pgServer.url, 4);

const timed = (fn) => medianTime(RUNS, fn);

try {
  await db.runMigrations(orm);
  const { rows: ws } = await pool.query(
    `insert into workspaces (name, owner_id, time_zone) values ('bench', gen_random_uuid(), 'Europe/Paris') returning id, owner_id`,
  );
  const workspaceId = ws[0].id;
  // The owner's row: the job recounts usage on it.
  await pool.query(
    `insert into users (id, email, display_name, plan, plan_status, trial_start_date, trial_end_date, preferences, limits, usage, workspace_id)
     values ($1, 'owner@bench.test', 'Owner', 'basic', 'active', now(), now(), '{"language":"en","theme":"light","timezone":"UTC","notifications":{"email":true,"push":true,"sms":false}}',
       '{"maxCameras":1000,"maxRecordings":1000,"maxStorage":1000,"aiAnalysisQuota":0}', '{"camerasCount":0,"recordingsCount":0,"storageUsed":0,"aiAnalysisUsed":0}', $2)`,
    [ws[0].owner_id, workspaceId],
  );
  const { rows: cams } = await pool.query(
    `insert into cameras (workspace_id, name, source_type, enabled, created_at)
     select $1, 'Camera ' || lpad(i::text, 3, '0'), 'rtsp', false, $2::timestamptz - interval '60 days'
     from generate_series(1, $3) i returning id`,
    [workspaceId, FROM, CAMERAS],
  );
  const cameraIds = cams.map((r) => r.id);
  const t0 = performance.now();
  await pool.query(
    `insert into events (workspace_id, camera_id, kind, severity, start_at, end_at, acknowledged_at)
     select $1, c.id, 'motion', 'alert', t, t + interval '20 seconds',
            case when random() < 0.67 then t + (10 + random() * 1790) * interval '1 second' end
     from unnest($2::uuid[]) c(id),
          generate_series($3::timestamptz, $4::timestamptz - interval '1 second', (86400.0 / $5) * interval '1 second') t`,
    [workspaceId, cameraIds, FROM, TO, EVENTS_PER_DAY],
  );
  await pool.query(
    `with o as (
       select c.id, d + (random() * 10) * interval '1 hour' as s, (60 + random() * 3540) * interval '1 second' as len
       from unnest($2::uuid[]) c(id), generate_series($3::timestamptz, $4::timestamptz - interval '1 day', interval '12 hours') d
     ), off as (
       insert into events (workspace_id, camera_id, kind, severity, start_at, end_at)
       select $1, id, 'camera.offline', 'alert', s, s + len from o returning camera_id, end_at
     )
     insert into events (workspace_id, camera_id, kind, severity, start_at)
     select $1, camera_id, 'camera.online', 'info', end_at from off`,
    [workspaceId, cameraIds, FROM, TO],
  );
  await pool.query(
    `insert into segments (camera_id, workspace_id, start_at, end_at, bytes, path)
     select c.id, $1, h, h + interval '1 hour', 1800000000, c.id || '/' || extract(epoch from h)::bigint || '.mp4'
     from unnest($2::uuid[]) c(id), generate_series($3::timestamptz - interval '10 days', $4::timestamptz - interval '1 hour', interval '1 hour') h`,
    [workspaceId, cameraIds, FROM, TO],
  );
  await pool.query('analyze');
  const { rows: counts } = await pool.query(
    `select (select count(*)::int from events) as events, (select count(*)::int from segments) as segments`,
  );
  console.log(
    `seeded ${counts[0].events} events and ${counts[0].segments} segment rows for ${CAMERAS} cameras in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const storage = createLocalStorage(path.join(dir, 'storage'), 'bench-secret-bench-secret-bench-secret');
  const task = createReportRenderTask({ db: orm, storage, log: () => {} });
  const spec = (kind) => ({
    workspaceId,
    workspaceName: 'Bench',
    siteName: null,
    kind,
    cameraIds,
    from: FROM,
    to: TO,
    timeZone: 'Europe/Paris',
    language: 'en',
  });
  const rows = [];
  for (const kind of ['uptime', 'events', 'storage', 'alerts']) {
    await buildReportModel(orm, spec(kind)); // warm-up
    const query = await timed(() => buildReportModel(orm, spec(kind)));
    const csv = await timed(async () => renderReportCsv(await buildReportModel(orm, spec(kind))));
    const pdf = await timed(async () => renderReportPdf(await buildReportModel(orm, spec(kind))));
    const job = await timed(async () => {
      const { rows: r } = await pool.query(
        `insert into reports (workspace_id, kind, format, from_at, to_at, camera_ids, time_zone, language)
         values ($1, $2, 'pdf', $3, $4, $5, 'Europe/Paris', 'en') returning id`,
        [workspaceId, kind, FROM, TO, cameraIds],
      );
      await task.run(r[0].id, { attempts: 1, maxAttempts: 3 });
      return r[0].id;
    });
    const { rows: done } = await pool.query('select status, bytes from reports where id = $1', [job.last]);
    if (done[0].status !== 'done') throw new Error(`the ${kind} job ended ${done[0].status}`);
    rows.push({
      kind,
      'baseline: figures query (ms)': query.ms,
      'figures + CSV (ms)': csv.ms,
      'figures + PDF (ms)': pdf.ms,
      'report-render job, PDF (ms)': job.ms,
      'PDF / query': +(pdf.ms / query.ms).toFixed(2),
      'CSV bytes': csv.last.length,
      'PDF bytes': done[0].bytes,
    });
    console.log(`${kind}: query ${query.ms} ms, CSV ${csv.ms} ms, PDF ${pdf.ms} ms, job ${job.ms} ms`);
  }
  report('report-render', rows);
  console.log(
    `${CAMERAS} cameras, ${FROM.toISOString().slice(0, 10)} to ${TO.toISOString().slice(0, 10)}, medians of ${RUNS} runs; ` +
      'one embedded PostgreSQL on this machine',
  );
} catch (e) {
  console.error('report-render failed:', e);
  process.exitCode = 1;
} finally {
  await pool.end();
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}
