// VMS dashboard: p50/p95/p99 of GET /api/v1/sites — every site with its cameras online
// and offline, open alerts of the week and storage, most attention first — for a workspace with
// SITES sites and CAMERAS cameras (spread evenly), ALERTS alert events over the last two weeks and
// RECORDINGS_PER_CAMERA recordings per camera (their bytes kept in camera_storage by the trigger).
// REQUESTS requests CONCURRENCY at a time. Baseline, same run and session: GET /api/v1/me.
// Only the serve role runs: no recorder tries to open the seeded cameras.
// Smoke: SITES=20 CAMERAS=100 REQUESTS=50.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiOf, databaseUrlOf, getLatencies, report, seedHourlyRecordings, startVigil } from './lib.mjs';

const REQUESTS = Number(process.env.REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const SITES = Number(process.env.SITES ?? 500);
const CAMERAS = Number(process.env.CAMERAS ?? 5000);
const ALERTS = Number(process.env.ALERTS ?? 100_000);
const RECORDINGS_PER_CAMERA = Number(process.env.RECORDINGS_PER_CAMERA ?? 24);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-vms-'));
const dataDir = path.join(dir, 'data');
let vigil;
let db;
const api = apiOf(() => vigil.url);
const load = (url, token, n, c) => getLatencies(vigil.url, url, token, n, c);

try {
  vigil = await startVigil(dataDir, { VIGIL_ROLES: 'serve' });
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
  await db.query(
    `update subscriptions set plan_key = 'vms', status = 'active', source = 'complimentary' where workspace_id = $1`,
    [workspace.id],
  );
  const started = performance.now();
  await db.query(
    `insert into sites (workspace_id, name, tags, latitude, longitude)
     select $1, 'Site ' || i, array['region-' || (i % 10)], 40 + random() * 10, -5 + random() * 15
       from generate_series(1, $2) i`,
    [workspace.id, SITES],
  );
  // Cameras spread over the sites; about one in twenty offline, one in fifty disabled.
  await db.query(
    `insert into cameras (workspace_id, name, source_type, recording_mode, site_id, enabled, status)
     select $1, 'Camera ' || i, 'test-pattern', 'continuous', s.id, (i % 50) <> 0,
            case when (i % 50) = 0 then 'disabled' when (i % 20) = 0 then 'offline' else 'online' end
       from generate_series(1, $2) i
       join (select id, row_number() over (order by id) - 1 as n from sites where workspace_id = $1) s
         on s.n = i % $3`,
    [workspace.id, CAMERAS, SITES],
  );
  await seedHourlyRecordings(db, workspace.id, RECORDINGS_PER_CAMERA);
  await db.query(
    `insert into events (workspace_id, camera_id, kind, severity, start_at, acknowledged_at)
     select $1, c.id, 'motion', 'alert', now() - random() * interval '14 days',
            case when random() < 0.7 then now() end
       from generate_series(1, $2) i
       join (select id, row_number() over (order by id) - 1 as n from cameras where workspace_id = $1) c
         on c.n = i % $3`,
    [workspace.id, ALERTS, CAMERAS],
  );
  await db.query('analyze');
  const seedSeconds = (performance.now() - started) / 1000;

  const first = await api('GET', '/api/v1/sites', token);
  if (first.items.length !== SITES) throw new Error(`expected ${SITES} sites, got ${first.items.length}`);
  const cameras = first.items.reduce((n, s) => n + s.counts.cameras, 0);
  if (cameras !== CAMERAS) throw new Error(`expected ${CAMERAS} cameras on the dashboard, got ${cameras}`);

  await load('/api/v1/me', token, 50, CONCURRENCY); // warm-up, both sides
  await load('/api/v1/sites', token, 50, CONCURRENCY);
  const base = await load('/api/v1/me', token, REQUESTS, CONCURRENCY);
  const page = await load('/api/v1/sites', token, REQUESTS, CONCURRENCY);
  const one = await load(`/api/v1/sites/${first.items[0].id}`, token, REQUESTS / 5, CONCURRENCY);
  report('vms-dashboard', [
    { what: `baseline: GET /api/v1/me (concurrency ${CONCURRENCY})`, ...base },
    { what: `GET /api/v1/sites, ${SITES} sites, ${CAMERAS} cameras, ${ALERTS} alerts`, ...page },
    { what: 'GET /api/v1/sites/:id (details and health)', ...one },
  ]);
  console.log(
    `seeded in ${seedSeconds.toFixed(1)} s; dashboard p95 / me p95: ${(page['p95 (ms)'] / base['p95 (ms)']).toFixed(2)}`,
  );
} finally {
  await db?.end().catch(() => {});
  await vigil?.stop();
  rmSync(dir, { recursive: true, force: true });
}
