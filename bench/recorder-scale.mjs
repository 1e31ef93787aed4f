// One recorder process as cameras grow (COUNTS, 16,64,128,256 by default): CPU and memory per
// camera (Node + its ffmpegs) and database writes per camera-second, beside bare `ffmpeg -c copy`
// segment writers measured in the same run at the same counts. Flat or falling per camera means
// nothing in the recorder costs more per camera as there are more of them.
//
// The cameras are one GStreamer RTSP server (fixtures/rtsp-serve.py, file mode) with a mount per
// camera, serving a low-resolution H.264 clip encoded once per run (no encoder per camera). Both
// phases add cameras to those already running, so one server and one Vigil serve every count.
// The cameras are added as recorder-cameras.mjs does (the first through the API, the others as
// copies of its row in batches of BATCH, 16 by default).
// MOTION=off records the cameras without motion detection (the workspace's default for new
// cameras switched off): the same work as the bare baseline; on (the default) is a new camera as
// the product makes it, motion events included (the clip's picture moves all the time).
// WINDOW (s) is each count's measurement; the run ends with everything it started stopped, on
// an error or a signal as well.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, ffmpegChildrenOf, freePort, measureCpu, pssMb, report, startVigil } from './lib.mjs';
import { recordingCameras, recordingSince } from './recorder-cameras.mjs';

const counts = (process.env.COUNTS ?? '16,64,128,256').split(',').map(Number);
const WINDOW_S = Number(process.env.WINDOW ?? 20);
const MOTION = (process.env.MOTION ?? 'on') !== 'off';
/** Cameras inserted per lease round (2 s): a batch's ffmpegs start together. */
const BATCH = Number(process.env.BATCH ?? 16);
const max = Math.max(...counts);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const work = mkdtempSync(path.join(tmpdir(), 'bench-rec-scale-'));
const children = new Set();
/** The Vigil server while it runs: stopped (SIGTERM, so its PostgreSQL stops too) on a signal. */
let vigilServer;

function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Runs a command to its end (the clip's encode). */
function runToEnd(cmd, args) {
  return new Promise((resolve, reject) => {
    const p = track(spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] }));
    let err = '';
    p.stderr.on('data', (d) => {
      err = (err + d).slice(-2000);
    });
    p.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${err}`))));
  });
}

async function startCameras(clip) {
  const port = await freePort();
  const server = track(
    spawn(
      '/usr/bin/python3',
      [path.join(ROOT, 'bench/fixtures/rtsp-serve.py'), String(port), 'file', clip, String(max)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    ),
  );
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
  });
  server.stderr.on('data', (d) => {
    out += d;
  });
  for (let i = 0; !out.includes('READY'); i++) {
    if (i > 150 || server.exitCode !== null) throw new Error(`RTSP server did not start: ${out}`);
    await sleep(100);
  }
  return { url: (i) => `rtsp://127.0.0.1:${port}/cam${i}`, server };
}

/** The database's commits and rows written so far (pg_stat_database). */
async function dbWrites(client) {
  const { rows } = await client.query(
    `select xact_commit::float8 as commits, (tup_inserted + tup_updated + tup_deleted)::float8 as rows
       from pg_stat_database where datname = current_database()`,
  );
  return rows[0];
}

/** Rows written so far per table (pg_stat_user_tables), to name where the writes go. */
async function tableWrites(client) {
  const { rows } = await client.query(
    'select relname, (n_tup_ins + n_tup_upd + n_tup_del)::float8 as n from pg_stat_user_tables',
  );
  return new Map(rows.map((r) => [r.relname, r.n]));
}

/** The tables written most between two tableWrites, as "table rows-per-camera-second" (the top 5). */
function topTables(before, after, perCamSecond) {
  return [...after]
    .map(([t, n]) => [t, perCamSecond(n - (before.get(t) ?? 0))])
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([t, v]) => `${t} ${v.toFixed(3)}`)
    .join(', ');
}

async function bare(cameras) {
  const dir = path.join(work, 'bare');
  const procs = [];
  const rows = {};
  try {
    for (const n of counts) {
      while (procs.length < n) {
        const out = path.join(dir, String(procs.length));
        mkdirSync(out, { recursive: true });
        const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-rtsp_transport', 'tcp'];
        args.push('-i', cameras.url(procs.length), '-c', 'copy', '-f', 'segment', '-segment_time', '10');
        args.push('-segment_format', 'mp4', '-reset_timestamps', '1', `${out}/%05d.mp4`);
        procs.push(track(spawn('ffmpeg', args, { stdio: 'ignore' })));
        await sleep(50);
      }
      await sleep(5000);
      const m = await measureCpu(
        procs.map((p) => p.pid),
        WINDOW_S,
      );
      const pss = pssMb(procs.map((p) => p.pid)) / n;
      rows[n] = { cpuPct: m.cpuPct / n, mb: m.rssMb / n, pss, load: loadavg()[0] };
      console.log(`bare at ${n} cameras:`, JSON.stringify(rows[n]));
    }
  } finally {
    for (const p of procs) p.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

async function vigil(cameras) {
  const dir = path.join(work, 'vigil');
  mkdirSync(dir);
  const server = await startVigil(dir);
  vigilServer = server;
  let db;
  const rows = {};
  try {
    const cams = await recordingCameras(server, dir, { max, urlOf: cameras.url, motion: MOTION, batch: BATCH });
    db = cams.db;
    for (const n of counts) {
      const since = new Date();
      const online = await cams.grow(n);
      await sleep(5000);
      const pids = ffmpegChildrenOf(server.pid);
      const before = await dbWrites(db);
      const tablesBefore = await tableWrites(db);
      const [node, ff] = await Promise.all([measureCpu([server.pid], WINDOW_S), measureCpu(pids, WINDOW_S)]);
      const after = await dbWrites(db);
      const tablesAfter = await tableWrites(db);
      const perCamSecond = (k) => (after[k] - before[k]) / online / WINDOW_S;
      rows[n] = {
        cpuPct: (node.cpuPct + ff.cpuPct) / online,
        nodePct: node.cpuPct / online,
        mb: (node.rssMb + ff.rssMb) / online,
        pss: (pssMb([server.pid]) + pssMb(pids)) / online,
        nodeMb: node.rssMb,
        online,
        recording: await recordingSince(db, since),
        ffmpegs: pids.length,
        commits: perCamSecond('commits'),
        rows: perCamSecond('rows'),
        tables: topTables(tablesBefore, tablesAfter, (written) => written / online / WINDOW_S),
        load: loadavg()[0],
      };
      console.log(`Vigil at ${n} cameras:`, JSON.stringify(rows[n]));
    }
  } finally {
    await db?.end().catch(() => undefined);
    await server.stop();
    vigilServer = undefined;
  }
  return rows;
}

const stopAll = () => {
  for (const c of children) c.kill('SIGKILL');
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    stopAll();
    // Its ffmpegs die with it (tied children); SIGTERM lets it stop its PostgreSQL first.
    await Promise.race([vigilServer?.stop(), sleep(10_000)]);
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  });
}

let table = [];
try {
  const clip = path.join(work, 'clip.ts');
  // Long enough for every count's start and window; 320×180 at 15 fps, a keyframe a second.
  const seconds = 120 + counts.length * (WINDOW_S + 30) + max * 2;
  await runToEnd('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '15'],
    ...['-pix_fmt', 'yuv420p', '-f', 'mpegts', clip],
  ]);
  const cameras = await startCameras(clip);
  const b = await bare(cameras);
  const v = await vigil(cameras);
  table = counts.map((n) => ({
    cameras: n,
    motion: MOTION ? 'on' : 'off',
    'baseline: bare ffmpeg, CPU % per camera': +b[n].cpuPct.toFixed(3),
    'Vigil, CPU % per camera': +v[n].cpuPct.toFixed(3),
    '  of which Node': +v[n].nodePct.toFixed(3),
    ratio: +(v[n].cpuPct / b[n].cpuPct).toFixed(2),
    'baseline MB per camera': +b[n].mb.toFixed(1),
    'Vigil MB per camera': +v[n].mb.toFixed(1),
    '  of which Node (its RSS / cameras)': +(v[n].nodeMb / v[n].online).toFixed(1),
    'PSS MB per camera (bare / Vigil)': `${b[n].pss.toFixed(1)} / ${v[n].pss.toFixed(1)}`,
    'cameras online (Vigil)': v[n].online,
    'cameras recording (a segment indexed)': v[n].recording,
    'DB commits per camera-second': +v[n].commits.toFixed(3),
    'DB rows written per camera-second': +v[n].rows.toFixed(3),
    'most written tables (rows per camera-second)': v[n].tables,
    'load (bare / Vigil)': `${b[n].load.toFixed(1)} / ${v[n].load.toFixed(1)}`,
  }));
} finally {
  stopAll();
  rmSync(work, { recursive: true, force: true });
}
const first = table[0];
const last = table.at(-1);
report(MOTION ? 'recorder-scale' : 'recorder-scale-motion-off', table, {
  // Per camera at the most cameras against the fewest: ≤ 1 is flat or falling.
  'CPU per camera, most / fewest cameras': +(
    last['Vigil, CPU % per camera'] / first['Vigil, CPU % per camera']
  ).toFixed(2),
  'DB commits per camera-second, most / fewest cameras': +(
    last['DB commits per camera-second'] / first['DB commits per camera-second']
  ).toFixed(2),
  [`CPU per camera at ${last.cameras} / bare ffmpeg`]: last.ratio,
});
