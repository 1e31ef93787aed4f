// Role dashboards: p50/p95/p99 of the administrator's GET /api/v1/admin/dashboard and the
// owner's GET /api/v1/dashboard/manager, beside GET /api/v1/me in the same run, for a workspace
// of CAMERAS cameras and MEMBERS members (half of them on now), ALERTS alert events of the last
// two weeks and TASKS tasks, all seeded in the database; REQUESTS requests CONCURRENCY at a time.
// Then in Chromium (1280 px), PAGE_LOADS loads of each dashboard: first contentful paint and the
// time until its figures are on screen (navigation start to the dashboard's content), medians.
// Only the serve role runs: no recorder tries to open the seeded cameras.
// Smoke: CAMERAS=50 MEMBERS=10 REQUESTS=50 PAGE_LOADS=2.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { ROOT, apiOf, databaseUrlOf, getLatencies, report, startVigil } from './lib.mjs';

register();
const { DESKTOP, openPersistentBrowser } = await import(path.join(ROOT, 'e2e/fixtures/browser.ts'));
const { signInUi } = await import(path.join(ROOT, 'e2e/fixtures/ui.ts'));

const REQUESTS = Number(process.env.REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const CAMERAS = Number(process.env.CAMERAS ?? 500);
const MEMBERS = Number(process.env.MEMBERS ?? 50);
const ALERTS = Number(process.env.ALERTS ?? 20_000);
const TASKS = Number(process.env.TASKS ?? 500);
const PAGE_LOADS = Number(process.env.PAGE_LOADS ?? 7);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-dashboard-'));
const dataDir = path.join(dir, 'data');
let vigil;
let db;
let browser;
const api = apiOf(() => vigil.url);
const load = (url, token, n, c) => getLatencies(vigil.url, url, token, n, c);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const password = 'bench-password';

/** Loads `url` PAGE_LOADS times in a signed-in page: median first contentful paint and time to `testId` shown. */
async function firstPaint(page, url, testId) {
  const fcp = [];
  const content = [];
  for (let i = 0; i < PAGE_LOADS; i++) {
    await page.goto(`${vigil.url}${url}`);
    await page.getByTestId(testId).waitFor({ timeout: 30_000 });
    const t = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      shown: performance.now(),
    }));
    fcp.push(t.fcp);
    content.push(t.shown);
  }
  return { 'first paint (ms)': Math.round(median(fcp)), 'figures shown (ms)': Math.round(median(content)) };
}

try {
  vigil = await startVigil(dataDir, { VIGIL_ROLES: 'serve' });
  db = new pg.Client({ connectionString: databaseUrlOf(dataDir) });
  await db.connect();
  const adminEmail = `admin-${Date.now()}@vigil.test`;
  const admin = await api('POST', '/api/v1/auth/sign-up', null, { email: adminEmail, password, displayName: 'Admin' });
  const ownerEmail = `owner-${Date.now()}@vigil.test`;
  const owner = await api('POST', '/api/v1/auth/sign-up', null, { email: ownerEmail, password, displayName: 'Owner' });
  const ws = owner.workspace.id;
  const started = performance.now();
  // Members: copies of the owner's document in the workspace, half of them on now (a fresh session).
  await db.query(
    `with made as (
       insert into users (email, display_name, role, plan, plan_status, trial_start_date, trial_end_date,
                          preferences, limits, usage, workspace_id)
       select 'member-' || i || '-' || u.id || '@vigil.test', 'Member ' || i, 'user', u.plan, u.plan_status,
              u.trial_start_date, u.trial_end_date, u.preferences, u.limits, u.usage, u.workspace_id
         from users u, generate_series(2, $2) i where u.id = $1
       returning id, display_name)
     insert into memberships (workspace_id, user_id, role)
     select $3, id, case when substring(display_name from 8)::int % 5 = 0 then 'manager' else 'operator' end from made`,
    [owner.user.uid, MEMBERS, ws],
  );
  await db.query(
    `insert into sessions (token_hash, user_id, expires_at, workspace_id, last_seen_at)
     select md5(random()::text || m.user_id), m.user_id, now() + interval '1 day', m.workspace_id,
            case when row_number() over (order by m.user_id) % 2 = 0 then now() else now() - interval '1 hour' end
       from memberships m where m.workspace_id = $1`,
    [ws],
  );
  await db.query(`insert into sites (workspace_id, name) select $1, 'Site ' || i from generate_series(1, 10) i`, [ws]);
  // Cameras over the sites; about one in twenty offline, one in fifty disabled.
  await db.query(
    `insert into cameras (workspace_id, name, source_type, recording_mode, site_id, enabled, status, status_changed_at)
     select $1, 'Camera ' || i, 'test-pattern', 'continuous', s.id, (i % 50) <> 0,
            case when (i % 50) = 0 then 'disabled' when (i % 20) = 0 then 'offline' else 'online' end,
            now() - (i || ' minutes')::interval
       from generate_series(1, $2) i
       join (select id, row_number() over (order by id) - 1 as n from sites where workspace_id = $1) s on s.n = i % 10`,
    [ws, CAMERAS],
  );
  await db.query(
    `insert into events (workspace_id, camera_id, kind, severity, start_at, acknowledged_at)
     select $1, c.id, 'motion', 'alert', now() - random() * interval '14 days', case when random() < 0.7 then now() end
       from generate_series(1, $2) i
       join (select id, row_number() over (order by id) - 1 as n from cameras where workspace_id = $1) c on c.n = i % $3`,
    [ws, ALERTS, CAMERAS],
  );
  await db.query(
    `insert into tasks (workspace_id, title, status, due_at)
     select $1, 'Task ' || i, case when i % 3 = 0 then 'done' else 'open' end, now() + ((i % 7) - 3) * interval '1 day'
       from generate_series(1, $2) i`,
    [ws, TASKS],
  );
  await db.query('analyze');
  const seedSeconds = (performance.now() - started) / 1000;

  const m = await api('GET', '/api/v1/dashboard/manager', owner.token);
  if (m.team.members !== MEMBERS) throw new Error(`expected ${MEMBERS} members, got ${m.team.members}`);
  const a = await api('GET', '/api/v1/admin/dashboard', admin.token);
  if (a.cameras.total !== CAMERAS) throw new Error(`expected ${CAMERAS} cameras, got ${a.cameras.total}`);

  await load('/api/v1/me', owner.token, 50, CONCURRENCY); // warm-up, every side
  await load('/api/v1/dashboard/manager', owner.token, 50, CONCURRENCY);
  await load('/api/v1/admin/dashboard', admin.token, 50, CONCURRENCY);
  const base = await load('/api/v1/me', owner.token, REQUESTS, CONCURRENCY);
  const manager = await load('/api/v1/dashboard/manager', owner.token, REQUESTS, CONCURRENCY);
  const installation = await load('/api/v1/admin/dashboard', admin.token, REQUESTS, CONCURRENCY);

  /** A fresh Chromium profile signed in as `email`, on its dashboard: the median of PAGE_LOADS loads. */
  async function measure(email, url, testId) {
    browser = await openPersistentBrowser(DESKTOP);
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${vigil.url}/auth/login`);
    await signInUi(page, email, password);
    await page.waitForURL(`${vigil.url}${url}`);
    const figures = await firstPaint(page, url, testId);
    await browser.close();
    browser = undefined;
    return figures;
  }
  const managerPaint = await measure(ownerEmail, '/manager/dashboard', 'manager-dashboard');
  const adminPaint = await measure(adminEmail, '/admin/dashboard', 'admin-dashboard');

  const scale = `${CAMERAS} cameras, ${MEMBERS} members, ${ALERTS} alerts`;
  report('dashboard', [
    { what: `baseline: GET /api/v1/me (concurrency ${CONCURRENCY})`, ...base },
    { what: `GET /api/v1/dashboard/manager, ${scale}`, ...manager },
    { what: `GET /api/v1/admin/dashboard, ${scale}`, ...installation },
    { what: `Chromium /manager/dashboard, median of ${PAGE_LOADS} loads`, ...managerPaint },
    { what: `Chromium /admin/dashboard, median of ${PAGE_LOADS} loads`, ...adminPaint },
  ]);
  console.log(
    `seeded in ${seedSeconds.toFixed(1)} s; p95 / me p95: manager ${(manager['p95 (ms)'] / base['p95 (ms)']).toFixed(2)}, admin ${(installation['p95 (ms)'] / base['p95 (ms)']).toFixed(2)}`,
  );
} finally {
  await browser?.close().catch(() => {});
  await db?.end().catch(() => {});
  await vigil?.stop();
  rmSync(dir, { recursive: true, force: true });
}
