// Lease overhead at 256 cameras: what renewing the camera leases costs the database and the
// recorders. Two recorders' LeaseKeepers (the production timing: 8 s leases renewed every 2 s)
// hold 256 enabled cameras between them; no ffmpeg runs. Each figure beside a baseline window of
// the same length in the same run, with the same database and process but no keepers.
//   database: transactions/s and rows written/s (pg_stat_database deltas)
//   recorders: CPU of the renewals (process CPU, ms per wall-clock second), one round's duration
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, report } from './lib.mjs';

register();
const db = await import(path.join(ROOT, 'packages/db/src/index.ts'));
const { LeaseKeeper } = await import(path.join(ROOT, 'apps/server/src/cluster/lease-keeper.ts'));

const CAMERAS = Number(process.env.CAMERAS ?? 256);
const RECORDERS = Number(process.env.RECORDERS ?? 2);
const WINDOW_S = Number(process.env.WINDOW_S ?? 20);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dir = mkdtempSync(path.join(tmpdir(), 'bench-leases-'));
const pg = await db.startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: 'bench' });
const { db: orm, pool } = db.createDb(pg.url, 4);
const keepers = [];
const rows = [];
try {
  await db.runMigrations(orm);
  const ws = randomUUID();
  const owner = randomUUID();
  await pool.query(`insert into workspaces (id, name, owner_id) values ($1, 'Bench', $2)`, [ws, owner]);
  await pool.query(
    `insert into cameras (workspace_id, name, source_type, recording_mode)
     select $1, 'Cam ' || g, 'rtsp', 'continuous' from generate_series(1, $2) g`,
    [ws, CAMERAS],
  );

  const stat = async () => {
    const r = await pool.query(
      `select xact_commit::bigint as tx, (tup_inserted + tup_updated + tup_deleted)::bigint as writes
       from pg_stat_database where datname = current_database()`,
    );
    return { tx: Number(r.rows[0].tx), writes: Number(r.rows[0].writes) };
  };
  // One window: deltas per second of database counters and of this process's CPU.
  const measure = async () => {
    await sleep(1500); // let the statistics of what came before reach the counters
    const s0 = await stat();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await sleep(WINDOW_S * 1000);
    const seconds = (performance.now() - t0) / 1000;
    const c1 = process.cpuUsage(c0);
    await sleep(1500);
    const s1 = await stat();
    return {
      // The two stat() reads are themselves a transaction each: remove them.
      txPerS: (s1.tx - s0.tx - 1) / seconds,
      writesPerS: (s1.writes - s0.writes) / seconds,
      cpuMsPerS: (c1.user + c1.system) / 1000 / seconds,
    };
  };

  // An idle backend flushes its statistics up to 10 s late: let the set-up's writes land first.
  await sleep(12_000);
  const idle = await measure();
  const rounds = [];
  for (let i = 0; i < RECORDERS; i++) {
    const k = new LeaseKeeper({
      db: orm,
      node: { id: randomUUID(), roles: ['record'], internalUrl: `http://recorder-${i}`, hostname: 'bench', pid: i },
      onAcquired: () => {},
      onLost: () => {},
      onSurplus: (id) => void k.release(id),
      log: () => {},
    });
    // Time each round (heartbeat, renew, share, claim or hand back), as the renewals' latency.
    const round = k.round.bind(k);
    k.round = async () => {
      const t = performance.now();
      await round();
      rounds.push(performance.now() - t);
    };
    keepers.push(k);
    await k.start();
  }
  for (
    let i = 0;
    keepers.reduce((n, k) => n + k.count, 0) !== CAMERAS || keepers.some((k) => k.count !== CAMERAS / RECORDERS);
    i++
  ) {
    if (i > 200) throw new Error('leases did not settle');
    await sleep(100);
  }
  rounds.length = 0;
  const leased = await measure();
  const p = (q) => [...rounds].sort((a, b) => a - b)[Math.floor(rounds.length * q)];
  const r1 = (x) => Math.round(x * 10) / 10;
  rows.push(
    { figure: 'database transactions/s — idle (baseline)', value: r1(idle.txPerS) },
    { figure: `database transactions/s — ${RECORDERS} recorders renewing ${CAMERAS} leases`, value: r1(leased.txPerS) },
    { figure: 'rows written/s — idle (baseline)', value: r1(idle.writesPerS) },
    { figure: `rows written/s — ${CAMERAS} leases`, value: r1(leased.writesPerS) },
    { figure: 'recorder process CPU ms/s — idle (baseline)', value: r1(idle.cpuMsPerS) },
    { figure: `recorder process CPU ms/s — ${RECORDERS} keepers, ${CAMERAS} leases`, value: r1(leased.cpuMsPerS) },
    { figure: 'one lease round p50 ms (heartbeat + renew + share)', value: r1(p(0.5)) },
    { figure: 'one lease round p95 ms', value: r1(p(0.95)) },
  );
} catch (e) {
  console.error('lease-overhead failed:', e);
  process.exitCode = 1;
} finally {
  for (const k of keepers) await k.stop();
  await pool.end();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
report('lease-overhead', rows);
