// Members page: p50/p95/p99 of GET /api/v1/team/members for a workspace with MEMBERS
// members (each with a session, so "last seen" is computed for everyone), REQUESTS requests
// CONCURRENCY at a time. Baseline, same run and session: GET /api/v1/me (session + document).
// Smoke: REQUESTS=50 MEMBERS=50.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiOf, databaseUrlOf, getLatencies, report, startVigil } from './lib.mjs';

const REQUESTS = Number(process.env.REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const MEMBERS = Number(process.env.MEMBERS ?? 500);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-team-'));
const dataDir = path.join(dir, 'data');
let vigil;
let db;
const api = apiOf(() => vigil.url);

const load = (url, token, n, c) => getLatencies(vigil.url, url, token, n, c);

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
  // MEMBERS people who joined by invitation (no workspace of their own), each signed in somewhere.
  await db.query(
    `with people as (
       insert into users (email, display_name, role, plan, plan_status, trial_start_date, trial_end_date,
                          preferences, limits, usage, workspace_id, last_workspace_id)
       select 'member-' || i || '@vigil.test', 'Member ' || i, 'user', 'basic', 'trial', now(), now(),
              '{"language":"en","theme":"light","timezone":"UTC","notifications":{"email":true,"push":true,"sms":false}}',
              '{"maxCameras":10,"maxRecordings":100,"maxStorage":10,"aiAnalysisQuota":0}',
              '{"camerasCount":0,"recordingsCount":0,"storageUsed":0,"aiAnalysisUsed":0}', $1, $1
         from generate_series(1, $2) i
       returning id),
     joined as (
       insert into memberships (workspace_id, user_id, role)
       select $1, id, (array['manager','operator','viewer'])[1 + (random() * 2)::int] from people
       returning user_id)
     insert into sessions (token_hash, user_id, workspace_id, expires_at, last_seen_at)
     select md5(user_id::text) || md5(random()::text), user_id, $1, now() + interval '30 days',
            now() - random() * interval '7 days'
       from joined`,
    [workspace.id, MEMBERS],
  );
  const members = await api('GET', '/api/v1/team/members', token);
  if (members.items.length !== MEMBERS + 1)
    throw new Error(`expected ${MEMBERS + 1} members, got ${members.items.length}`);

  await load('/api/v1/me', token, 100, CONCURRENCY); // warm-up, both sides
  await load('/api/v1/team/members', token, 100, CONCURRENCY);
  const base = await load('/api/v1/me', token, REQUESTS, CONCURRENCY);
  const page = await load('/api/v1/team/members', token, REQUESTS, CONCURRENCY);
  report('team-members', [
    { what: `baseline: GET /api/v1/me (concurrency ${CONCURRENCY})`, ...base },
    { what: `GET /api/v1/team/members, ${MEMBERS + 1} members`, ...page },
  ]);
  console.log(`members p95 / me p95: ${(page['p95 (ms)'] / base['p95 (ms)']).toFixed(2)}`);
} finally {
  await db?.end().catch(() => {});
  await vigil?.stop();
  rmSync(dir, { recursive: true, force: true });
}
