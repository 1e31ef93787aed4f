// Bulk operations: throughput in cameras per second of one bulk operation changing the
// recording mode of CAMERAS cameras (POST /api/v1/bulk-operations → the work role's job → every
// camera done), end to end (request to the last result) and inside the job (started → finished).
// Baseline, same run and server: the same change made one camera at a time through
// PATCH /api/v1/cameras/:id, each request after the previous answer (what a script without bulk
// operations does). Cameras are disabled test patterns, so no ffmpeg runs. Smoke: CAMERAS=50.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiOf, databaseUrlOf, report, startVigil, until } from './lib.mjs';

const CAMERAS = Number(process.env.CAMERAS ?? 500);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-bulk-'));
const dataDir = path.join(dir, 'data');
let vigil;
let db;
const api = apiOf(() => vigil.url);

const perSecond = (n, ms) => Math.round((n / (ms / 1000)) * 10) / 10;

try {
  vigil = await startVigil(dataDir);
  db = new pg.Client({ connectionString: databaseUrlOf(dataDir) });
  await db.connect();
  await api('POST', '/api/v1/auth/sign-up', null, {
    email: `admin-${Date.now()}@vigil.test`,
    password: 'bench-password',
    displayName: 'Admin',
  });
  const { token, workspace } = await api('POST', '/api/v1/auth/sign-up', null, {
    email: `owner-${Date.now()}@vigil.test`,
    password: 'bench-password',
    displayName: 'Owner',
  });
  // The vms plan, as an administrator's complimentary grant makes it.
  await db.query(
    `update subscriptions set plan_key = 'vms', status = 'active', source = 'complimentary', interval = null,
       period_start = now(), period_end = null where workspace_id = $1`,
    [workspace.id],
  );
  await db.query(
    `update users u set plan = p.key, plan_status = 'active', limits = p.limits,
       ai_access = (p.features->>'aiAccess')::boolean, vms_access = (p.features->>'vms')::boolean
     from plans p where p.key = 'vms' and u.workspace_id = $1`,
    [workspace.id],
  );
  const { rows } = await db.query(
    `insert into cameras (workspace_id, name, source_type, recording_mode, enabled, status, status_changed_at)
     select $1, 'Camera ' || lpad(i::text, 4, '0'), 'test-pattern', 'continuous', false, 'disabled', now()
       from generate_series(1, $2) i
     returning id`,
    [workspace.id, CAMERAS],
  );
  const ids = rows.map((r) => r.id);

  // Warm-up, both paths: the first requests compile the routes' validators and fill the pools.
  for (const id of ids.slice(0, 20))
    await api('PATCH', `/api/v1/cameras/${id}`, token, { recordingMode: 'continuous' });

  // Baseline: one PATCH per camera, one after the other.
  let t0 = performance.now();
  for (const id of ids) await api('PATCH', `/api/v1/cameras/${id}`, token, { recordingMode: 'motion' });
  const baselineMs = performance.now() - t0;

  // The bulk operation: the same change (back to continuous) for every camera, by filter.
  t0 = performance.now();
  const { id } = await api('POST', '/api/v1/bulk-operations', token, {
    filter: {},
    change: { kind: 'recording-mode', recordingMode: 'continuous' },
  });
  const createdMs = performance.now() - t0;
  // Watched in the database, so the watching costs the server nothing.
  const op = await until(
    'the bulk operation to finish',
    async () => {
      const r = await db.query(
        `select status, succeeded, failed, extract(epoch from finished_at - started_at) * 1000 as job_ms
           from bulk_operations where id = $1`,
        [id],
      );
      return r.rows[0]?.status === 'done' ? r.rows[0] : null;
    },
    300_000,
    20,
  );
  const bulkMs = performance.now() - t0;
  const changed = await db.query(
    `select count(*)::int as n from cameras where workspace_id = $1 and recording_mode = 'continuous'`,
    [workspace.id],
  );
  if (op.succeeded !== CAMERAS || op.failed !== 0 || changed.rows[0].n !== CAMERAS)
    throw new Error(`bulk operation: ${op.succeeded} ok, ${op.failed} failed, ${changed.rows[0].n} changed`);
  const audited = await db.query(
    `select count(*)::int as n from audit_log where action = 'bulk.camera-changed' and details->>'operationId' = $1`,
    [id],
  );

  report('bulk-operations', [
    {
      what: `baseline: ${CAMERAS} × PATCH /api/v1/cameras/:id, one at a time`,
      seconds: Math.round(baselineMs) / 1000,
      'cameras/s': perSecond(CAMERAS, baselineMs),
    },
    {
      what: `bulk operation, request to last result (POST answered in ${Math.round(createdMs)} ms)`,
      seconds: Math.round(bulkMs) / 1000,
      'cameras/s': perSecond(CAMERAS, bulkMs),
    },
    {
      what: 'bulk operation, inside the job (started → finished)',
      seconds: Math.round(op.job_ms) / 1000,
      'cameras/s': perSecond(CAMERAS, op.job_ms),
    },
  ]);
  console.log(
    `bulk / baseline throughput: ${(baselineMs / bulkMs).toFixed(2)} (end to end), ${(baselineMs / op.job_ms).toFixed(2)} (in the job); ${audited.rows[0].n} audit entries`,
  );
} finally {
  await db?.end().catch(() => {});
  await vigil?.stop();
  rmSync(dir, { recursive: true, force: true });
}
