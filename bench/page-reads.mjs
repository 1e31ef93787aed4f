// Every page's first data: p50/p95/p99 of the GETs each app page makes first, for a workspace of
// CAMERAS cameras over SITES sites, MEMBERS members, EVENTS events and RECORDINGS_PER_CAMERA
// recordings per camera, REQUESTS requests per read CONCURRENCY at a time, as its owner.
// Baseline, same run and session: GET /api/v1/me. Only the serve role runs (no recorder opens
// the seeded cameras). The figure with a budget: the worst page's p95. Beside each read, the CPU
// one answer cost the server process and the embedded PostgreSQL (its processes, from /proc): on
// a shared machine the latencies move with the load, the CPU a read costs much less, and with
// CONCURRENCY requests waiting on one Node thread, p95 is roughly CONCURRENCY × the server's ms.
// The client is kept light (decision 0026): its CPU an answer is printed beside the server's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childrenOf, cpuStat, getLatencies, report, seedHourlyRecordings, serveWithVmsOwner } from './lib.mjs';

const REQUESTS = Number(process.env.REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const CAMERAS = Number(process.env.CAMERAS ?? 500);
const SITES = Number(process.env.SITES ?? 20);
const MEMBERS = Number(process.env.MEMBERS ?? 50);
const EVENTS = Number(process.env.EVENTS ?? 20_000);
const RECORDINGS_PER_CAMERA = Number(process.env.RECORDINGS_PER_CAMERA ?? 24);

/** Each page and the reads it starts with (the list a page shows first). */
const PAGES = [
  ['dashboard', '/api/v1/cameras?limit=50'],
  ['dashboard', '/api/v1/alerts'],
  ['cameras', '/api/v1/cameras?limit=100'],
  ['events', '/api/v1/events?limit=50'],
  ['sites (VMS)', '/api/v1/sites'],
  ['team', '/api/v1/team/members'],
  ['team', '/api/v1/team/invitations'],
  ['notifications', '/api/v1/notification-rules'],
  ['schedules', '/api/v1/schedules'],
  ['reports', '/api/v1/reports'],
  ['tasks', '/api/v1/tasks'],
  ['exports', '/api/v1/exports'],
  ['audit', '/api/v1/audit'],
  ['API keys', '/api/v1/api-keys'],
  ['security', '/api/v1/security/sessions'],
  ['billing', '/api/v1/billing'],
  ['AI', '/api/v1/ai/settings'],
];

/** A process and everything it started, their children's children included (PostgreSQL's backends). */
const treeOf = (pid) => [pid, ...childrenOf(pid).flatMap(treeOf)];
const ticksOf = (pids) => pids.reduce((n, p) => n + cpuStat(p).ticks, 0);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-pages-'));
let vigil;
let db;

try {
  const seeded = await serveWithVmsOwner(path.join(dir, 'data'));
  ({ vigil, db } = seeded);
  const { token, user, workspace } = seeded.owner;
  /** The latencies of `url`, and the CPU ms (user + system, 100 ticks a second) one answer cost each side. */
  const load = async (url) => {
    const database = treeOf(vigil.pid).slice(1);
    const server = cpuStat(vigil.pid).ticks;
    const db0 = ticksOf(database);
    const latencies = await getLatencies(vigil.url, url, token, REQUESTS, CONCURRENCY);
    const perRequest = (ticks) => +((ticks * 10) / latencies.requests).toFixed(2);
    return {
      ...latencies,
      'server CPU ms/req': perRequest(cpuStat(vigil.pid).ticks - server),
      'database CPU ms/req': perRequest(ticksOf(database) - db0),
    };
  };
  const started = performance.now();
  await db.query(`insert into sites (workspace_id, name) select $1, 'Site ' || i from generate_series(1, $2) i`, [
    workspace.id,
    SITES,
  ]);
  await db.query(
    `insert into cameras (workspace_id, name, source_type, recording_mode, site_id, status)
     select $1, 'Camera ' || i, 'test-pattern', 'continuous', s.id, case when i % 20 = 0 then 'offline' else 'online' end
       from generate_series(1, $2) i
       join (select id, row_number() over (order by id) - 1 as n from sites where workspace_id = $1) s on s.n = i % $3`,
    [workspace.id, CAMERAS, SITES],
  );
  // Members: copies of the owner's document under new names, each an operator of the workspace.
  await db.query(
    `insert into users select (jsonb_populate_record(u, jsonb_build_object(
         'id', gen_random_uuid(), 'email', 'member-' || i || '@bench.test', 'display_name', 'Member ' || i, 'role', 'user'))).*
       from users u, generate_series(1, $2) i where u.id = $1`,
    [user.uid, MEMBERS],
  );
  await db.query(
    `insert into memberships (workspace_id, user_id, role)
     select $1, id, case when random() < 0.3 then 'viewer' else 'operator' end from users where email like 'member-%@bench.test'`,
    [workspace.id],
  );
  await seedHourlyRecordings(db, workspace.id, RECORDINGS_PER_CAMERA);
  await db.query(
    `insert into events (workspace_id, camera_id, kind, severity, start_at)
     select $1, c.id, 'motion', case when i % 10 = 0 then 'alert' else 'info' end, now() - random() * interval '14 days'
       from generate_series(1, $2) i
       join (select id, row_number() over (order by id) - 1 as n from cameras where workspace_id = $1) c on c.n = i % $3`,
    [workspace.id, EVENTS, CAMERAS],
  );
  // As autovacuum leaves a live database: the seeded rows analysed and their pages marked visible
  // (an index-only scan reads no row of a page so marked), and written out: the checkpoint the
  // vacuum's dirty pages call for otherwise lands on the first reads (their p95 doubled in it).
  await db.query('vacuum analyze');
  await db.query('checkpoint');
  const seedSeconds = (performance.now() - started) / 1000;

  await load('/api/v1/me'); // warm-up
  const rows = [{ page: 'baseline', read: 'GET /api/v1/me', ...(await load('/api/v1/me')) }];
  // ONLY (a pattern of the URL) measures those reads alone, to profile one (no figure is reported then).
  const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
  for (const [page, url] of PAGES) {
    if (only && !only.test(url)) continue;
    try {
      // Warm, as /me is: the first answers of a read pay for compiling its code and its query once
      // per process, which a page opened on a running server does not wait for.
      await getLatencies(vigil.url, url, token, CONCURRENCY * 2, CONCURRENCY);
      rows.push({ page, read: `GET ${url}`, ...(await load(url)) });
    } catch (e) {
      rows.push({ page, read: `GET ${url}`, error: String(e.message ?? e).slice(0, 80) });
    }
  }
  const measured = rows.slice(1).filter((r) => r['p95 (ms)'] !== undefined);
  const worst = measured.reduce((a, b) => (b['p95 (ms)'] > a['p95 (ms)'] ? b : a), measured[0]);
  console.log(
    `seeded ${CAMERAS} cameras over ${SITES} sites, ${MEMBERS} members, ${EVENTS} events in ${seedSeconds.toFixed(1)} s; worst p95: ${worst.read}`,
  );
  report(
    'page-reads',
    rows,
    // Not measured when a read failed: every page's first data must be there for the figure to count.
    measured.length === PAGES.length ? { 'worst page first data p95 (ms)': worst['p95 (ms)'] } : {},
  );
} finally {
  await db?.end();
  await vigil?.stop();
  rmSync(dir, { recursive: true, force: true });
}
