// Audit log. Two figures, each beside a baseline from the same run:
// 1. Audit insert cost per request: p50/p95 of an audited write (PATCH a camera's name: the camera
//    row and its audit entry in one transaction, under the workspace chain's advisory lock) against
//    the same write unaudited. Two serve processes share one PostgreSQL: A audits, B runs with
//    AUDIT_DISABLED (benchmarks only; refused in production). Requests alternate A, B, A, B… so
//    both see the same database, cache and machine load. Sequential (one at a time), then 8 at once
//    on 8 cameras of one workspace (its chain: the appends take turns under the lock).
// 2. Verify of 1,000,000 entries: a chain written straight into PostgreSQL (its keyed hashes by
//    the database's audit_entry_hmac, the key derived here from AUTH_SECRET as the server derives
//    it, 50,000 a statement), then POST /api/v1/audit/verify timed.
//    Baseline: PostgreSQL alone scanning the same rows (count + sum of hash lengths).
// Smoke: REQUESTS=100 ENTRIES=20000.
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiOf, report, startVigil } from './lib.mjs';

const REQUESTS = Number(process.env.REQUESTS ?? 2000);
const ENTRIES = Number(process.env.ENTRIES ?? 1_000_000);
const CONCURRENT = 8;
const BATCH = 50_000;
const GENESIS = '0'.repeat(64);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-audit-'));
let a;
let b;
let db;

const quantiles = (times) => {
  const s = [...times].sort((x, y) => x - y);
  const q = (p) => Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))] * 100) / 100;
  return { 'p50 (ms)': q(0.5), 'p95 (ms)': q(0.95), 'p99 (ms)': q(0.99), requests: s.length };
};

async function patchName(url, token, cameraId, name) {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v1/cameras/${cameraId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`PATCH ${res.status}`);
  return performance.now() - t0;
}

/** n rounds; each round sends the write to A then to B (`lanes` at once, one camera per lane). */
async function alternate(token, cameras, n) {
  const times = { a: [], b: [] };
  for (let i = 0; i < n; i += 1) {
    for (const [key, server] of [
      ['a', a],
      ['b', b],
    ]) {
      const round = await Promise.all(cameras.map((c, lane) => patchName(server.url, token, c, `Cam ${lane} ${i}`)));
      times[key].push(...round);
    }
  }
  return times;
}

try {
  // Both in development mode: AUDIT_DISABLED is refused in production, and A must match B.
  a = await startVigil(path.join(dir, 'a'), { VIGIL_ROLES: 'serve', NODE_ENV: 'development' });
  const secrets = JSON.parse(readFileSync(path.join(dir, 'a', 'secrets.json'), 'utf8'));
  const pgPort = readFileSync(path.join(dir, 'a', 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  const databaseUrl = `postgres://postgres:${encodeURIComponent(secrets.pgPassword)}@127.0.0.1:${pgPort}/postgres`;
  b = await startVigil(path.join(dir, 'b'), {
    VIGIL_ROLES: 'serve',
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: secrets.authSecret,
    AUDIT_DISABLED: '1',
  });
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const api = apiOf(() => a.url);
  await api('POST', '/api/v1/auth/sign-up', null, {
    email: `admin-${Date.now()}@vigil.test`,
    password: 'bench-password',
    displayName: 'Admin',
  });
  const owner = await api('POST', '/api/v1/auth/sign-up', null, {
    email: `owner-${Date.now()}@vigil.test`,
    password: 'bench-password',
    displayName: 'Owner',
  });
  await db.query(`update users set limits = jsonb_set(limits, '{maxCameras}', '100')`);
  const cameras = [];
  for (let i = 0; i < CONCURRENT; i += 1) {
    const cam = await api('POST', '/api/v1/cameras', owner.token, {
      name: `Cam ${i}`,
      source: { type: 'test-pattern' },
      recordingMode: 'off',
    });
    // No recorder runs here, and none should start for these cameras.
    await api('PATCH', `/api/v1/cameras/${cam.id}`, owner.token, { enabled: false });
    cameras.push(cam.id);
  }
  const entriesOf = async () =>
    (await db.query('select count(*)::int as n from audit_log where workspace_id = $1', [owner.workspace.id])).rows[0]
      .n;

  // ── 1. Audited write against the same write unaudited ────────────────────────────────────
  await alternate(owner.token, cameras.slice(0, 1), 100); // warm-up, both processes
  const before = await entriesOf();
  const seq = await alternate(owner.token, cameras.slice(0, 1), REQUESTS);
  const written = (await entriesOf()) - before;
  if (written !== REQUESTS) throw new Error(`expected ${REQUESTS} audit entries from A, found ${written}`);
  const conc = await alternate(owner.token, cameras, Math.ceil(REQUESTS / CONCURRENT));
  const rows = [
    { what: 'baseline: PATCH camera name, unaudited (B), one at a time', ...quantiles(seq.b) },
    { what: 'PATCH camera name + audit entry (A), one at a time', ...quantiles(seq.a) },
    { what: `baseline: unaudited (B), ${CONCURRENT} at once on ${CONCURRENT} cameras`, ...quantiles(conc.b) },
    { what: `audited (A), ${CONCURRENT} at once, one chain`, ...quantiles(conc.a) },
  ];

  // ── 2. Verify 1,000,000 entries ──────────────────────────────────────────────────────────
  const other = await api('POST', '/api/v1/auth/sign-up', null, {
    email: `verify-${Date.now()}@vigil.test`,
    password: 'bench-password',
    displayName: 'Verify',
  });
  const chain = other.workspace.id;
  const head = (await db.query('select seq, hash from audit_log where chain = $1 order by seq desc limit 1', [chain]))
    .rows[0];
  const headSeq = Number(head?.seq ?? 0);
  const t0 = new Date(Date.now() - ENTRIES * 10).toISOString();
  // Each entry's fields are a function of its seq; the chain is computed by PostgreSQL's own
  // audit_entry_hash, step by step (a recursive query), BATCH entries per statement.
  const fields = {
    at: (s) => `$3::timestamptz + (${s}) * interval '10 milliseconds'`,
    targetId: (s) => `md5((${s})::text)`,
    ip: (s) => `'198.51.100.' || ((${s}) % 250)`,
    details: (s) => `jsonb_build_object('name', 'Camera ' || (${s}), 'fields', jsonb_build_array('name'))`,
  };
  // The chain key's HMAC pads (modules/audit/audit-hash.ts): the database computes the keyed hash.
  const key = createHmac('sha256', secrets.authSecret).update('vigil-audit-chain-v1').digest();
  const pad = (byte) => Buffer.from(Array.from({ length: 64 }, (_, i) => (key[i] ?? 0) ^ byte));
  const hashOf = (prev, s) =>
    `audit_entry_hmac($7::bytea, $8::bytea, ${prev}, $1::text, ${s}, ${fields.at(s)}, $1::uuid, $2::uuid, 'user', null,
                      'camera.updated', 'camera', ${fields.targetId(s)}, ${fields.ip(s)}, ${fields.details(s)})`;
  const fillStarted = performance.now();
  let prev = head?.hash ?? GENESIS;
  for (let from = headSeq + 1; from <= headSeq + ENTRIES; from += BATCH) {
    const to = Math.min(from + BATCH - 1, headSeq + ENTRIES);
    await db.query(
      `insert into audit_log (chain, seq, at, workspace_id, actor_id, actor_kind, action, target_type, target_id, ip,
                              details, prev_hash, hash, hash_version)
       select $1, g.seq, ${fields.at('g.seq')}, $1::uuid, $2::uuid, 'user', 'camera.updated', 'camera',
              ${fields.targetId('g.seq')}, ${fields.ip('g.seq')}, ${fields.details('g.seq')}, g.prev, g.hash, 2
       from (with recursive g(seq, prev, hash) as (
               select $5::bigint, $4::text, ${hashOf('$4::text', '$5::bigint')}
               union all
               select g.seq + 1, g.hash, ${hashOf('g.hash', 'g.seq + 1')} from g where g.seq < $6
             ) select * from g) g`,
      [chain, other.user.uid, t0, prev, from, to, pad(0x36), pad(0x5c)],
    );
    prev = (await db.query('select hash from audit_log where chain = $1 and seq = $2', [chain, to])).rows[0].hash;
  }
  const fillSeconds = (performance.now() - fillStarted) / 1000;
  await db.query('analyze audit_log');

  const scanStarted = performance.now();
  await db.query('select count(*), sum(length(hash)) from audit_log where chain = $1', [chain]);
  const scanMs = performance.now() - scanStarted;
  const verifyStarted = performance.now();
  const result = await api('POST', '/api/v1/audit/verify', other.token);
  const verifyMs = performance.now() - verifyStarted;
  if (!result.ok || result.entries !== headSeq + ENTRIES) throw new Error(`verify: ${JSON.stringify(result)}`);
  rows.push(
    {
      what: `baseline: PostgreSQL scans the ${ENTRIES.toLocaleString('en')} rows (count, sum)`,
      'p50 (ms)': Math.round(scanMs),
    },
    {
      what: `POST /api/v1/audit/verify, ${result.entries.toLocaleString('en')} entries (server: ${result.ms} ms)`,
      'p50 (ms)': Math.round(verifyMs),
    },
  );
  report('audit', rows);
  const s = quantiles(seq.a);
  const u = quantiles(seq.b);
  console.log(
    `audit insert cost per request: p50 +${(s['p50 (ms)'] - u['p50 (ms)']).toFixed(2)} ms, p95 +${(s['p95 (ms)'] - u['p95 (ms)']).toFixed(2)} ms` +
      ` (${u['p50 (ms)']} → ${s['p50 (ms)']} ms p50)`,
  );
  console.log(
    `verify: ${result.entries.toLocaleString('en')} entries in ${(verifyMs / 1000).toFixed(2)} s` +
      ` (${Math.round(result.entries / (verifyMs / 1000)).toLocaleString('en')} entries/s); chain written in ${fillSeconds.toFixed(1)} s`,
  );
} finally {
  await db?.end().catch(() => {});
  await b?.stop();
  await a?.stop();
  rmSync(dir, { recursive: true, force: true });
}
