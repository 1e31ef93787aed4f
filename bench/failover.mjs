// Failover: seconds from `kill -9` of a recorder to its cameras recording again on the other
// (status online, written by the survivor once its ffmpeg delivers frames), p50 and max over
// KILLS kills. Baseline in the same run: a clean stop (SIGTERM) of a recorder, which hands its
// cameras over at once instead of letting the leases lapse.
// Two `record` processes (main.ts, VIGIL_ROLES=record) on one embedded PostgreSQL, CAMERAS RTSP
// cameras (GStreamer on 127.0.0.1, recorded with -c copy), one shared media folder.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, freePort, report } from './lib.mjs';

register();
const db = await import(path.join(ROOT, 'packages/db/src/index.ts'));
const { startRtspServer } = await import(path.join(ROOT, 'e2e/fixtures/rtsp-server.ts'));

const KILLS = Number(process.env.KILLS ?? 10);
const STOPS = Number(process.env.STOPS ?? 3);
const CAMERAS = Number(process.env.CAMERAS ?? 4);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dir = mkdtempSync(path.join(tmpdir(), 'bench-failover-'));
const mediaDir = path.join(dir, 'media');
const pg = await db.startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: 'bench' });
const { db: orm, pool } = db.createDb(pg.url, 2);
const rtsp = await startRtspServer();
const procs = new Set();
let n = 0;

async function recorder() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      VIGIL_ROLES: 'record',
      PORT: String(port),
      DATABASE_URL: pg.url,
      MEDIA_DIR: mediaDir,
      VIGIL_DATA_DIR: path.join(dir, `rec-${++n}`),
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      ALLOW_LOOPBACK_TARGETS: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise((r) => child.once('exit', r));
  await new Promise((resolve, reject) => {
    const on = (d) => {
      log += d;
      if (log.includes('VIGIL_READY')) resolve();
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
    exited.then(() => reject(new Error(`recorder exited: ${log}`)));
  });
  const p = { pid: child.pid, child, exited };
  procs.add(p);
  exited.then(() => procs.delete(p));
  return p;
}

const held = async () => {
  const r = await pool.query(`select n.pid, l.camera_id from camera_leases l join vigil_nodes n on n.id = l.holder_id
    where l.expires_at > now() and n.expires_at > now()`);
  return r.rows;
};
const onlineSince = async (ids, at) => {
  const r = await pool.query(
    `select count(*)::int as n from cameras where id = any($1) and status = 'online' and status_changed_at > $2`,
    [ids, new Date(at)],
  );
  return r.rows[0].n === ids.length;
};
async function balanced(a, b) {
  for (let i = 0; i < 600; i++) {
    const rows = await held();
    const per = (p) => rows.filter((r) => r.pid === p.pid).length;
    if (per(a) === CAMERAS / 2 && per(b) === CAMERAS / 2) {
      const ids = rows.map((r) => r.camera_id);
      const r = await pool.query(`select count(*)::int as n from cameras where id = any($1) and status = 'online'`, [
        ids,
      ]);
      if (r.rows[0].n === CAMERAS) return;
    }
    await sleep(100);
  }
  throw new Error('recorders did not balance');
}
/** Stops `victim` with `signal`; seconds until its cameras record again on `survivor`. */
async function moveTime(victim, survivor, signal) {
  const ids = (await held()).filter((r) => r.pid === victim.pid).map((r) => r.camera_id);
  const t0 = Date.now();
  victim.child.kill(signal);
  for (;;) {
    const rows = await held();
    const moved = ids.every((id) => rows.find((r) => r.camera_id === id)?.pid === survivor.pid);
    if (moved && (await onlineSince(ids, t0))) return (Date.now() - t0) / 1000;
    if (Date.now() - t0 > 60_000) throw new Error('cameras did not move in 60 s');
    await sleep(50);
  }
}
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    runs: s.length,
    p50_s: Math.round(s[Math.floor(s.length / 2)] * 100) / 100,
    max_s: Math.round(s.at(-1) * 100) / 100,
  };
};

const rows = [];
try {
  await db.runMigrations(orm);
  const ws = randomUUID();
  await pool.query(`insert into workspaces (id, name, owner_id) values ($1, 'Bench', $2)`, [ws, randomUUID()]);
  await pool.query(
    `insert into cameras (workspace_id, name, source_type, source_url, recording_mode)
     select $1, 'Cam ' || g, 'rtsp', $3, 'continuous' from generate_series(1, $2) g`,
    [ws, CAMERAS, rtsp.url],
  );
  let [a, b] = await Promise.all([recorder(), recorder()]);
  await balanced(a, b);
  const run = async (signal, times) => {
    const out = [];
    for (let i = 0; i < times; i++) {
      // Alternate which one goes; a fresh process replaces it and takes its share back.
      const [victim, survivor] = i % 2 ? [b, a] : [a, b];
      out.push(await moveTime(victim, survivor, signal));
      await victim.exited;
      const fresh = await recorder();
      [a, b] = i % 2 ? [a, fresh] : [fresh, b];
      await balanced(a, b);
      console.log(`${signal} ${i + 1}/${times}: ${out.at(-1).toFixed(2)} s`);
    }
    return out;
  };
  const clean = await run('SIGTERM', STOPS);
  const killed = await run('SIGKILL', KILLS);
  rows.push(
    { figure: 'clean stop → cameras recording on the other recorder (baseline)', ...stats(clean) },
    { figure: 'kill -9 → cameras recording on the other recorder (goal < 15 s)', ...stats(killed) },
  );
} catch (e) {
  console.error('failover failed:', e);
  process.exitCode = 1;
} finally {
  for (const p of procs) p.child.kill('SIGKILL');
  await Promise.all([...procs].map((p) => p.exited));
  await rtsp.stop();
  await pool.end();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
report('failover', rows);
