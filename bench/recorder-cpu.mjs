// CPU and memory per recorded camera at 1, 16 and 64 cameras: Vigil's recorder (ffmpeg children
// plus the share of its Node process) against bare `ffmpeg -c copy` segment writers pulling the
// same RTSP stream, measured one after the other in the same run. COUNTS=1,16 to choose.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, report, startVigil } from './lib.mjs';

register();
const { startRtspServer } = await import(path.join(ROOT, 'e2e/fixtures/rtsp-server.ts'));
const counts = (process.env.COUNTS ?? '1,16,64').split(',').map(Number);
const WINDOW_S = Number(process.env.WINDOW ?? 15);
const TICK = 100; // clock ticks per second on Linux
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function stat(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const rss = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096;
    return { ticks: Number(f[11]) + Number(f[12]), rss };
  } catch {
    return { ticks: 0, rss: 0 };
  }
}
const childrenOf = (ppid) =>
  readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(ppid);
      } catch {
        return false;
      }
    })
    .map(Number);

async function measure(pids) {
  const before = pids.map(stat);
  await sleep(WINDOW_S * 1000);
  const after = pids.map(stat);
  const cpu = after.reduce((n, a, i) => n + (a.ticks - before[i].ticks), 0) / TICK / WINDOW_S;
  return { cpuPct: cpu * 100, rssMb: after.reduce((n, a) => n + a.rss, 0) / 1e6 };
}

async function bare(url, n) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-bare-'));
  const procs = [];
  for (let i = 0; i < n; i++) {
    const out = path.join(dir, String(i));
    await import('node:fs').then((fs) => fs.mkdirSync(out));
    procs.push(
      spawn(
        'ffmpeg',
        [
          '-hide_banner',
          '-nostdin',
          '-loglevel',
          'error',
          '-rtsp_transport',
          'tcp',
          '-i',
          url,
          '-c',
          'copy',
          '-f',
          'segment',
          '-segment_time',
          '10',
          '-segment_format',
          'mp4',
          '-reset_timestamps',
          '1',
          `${out}/%05d.mp4`,
        ],
        { stdio: 'ignore' },
      ),
    );
    await sleep(150);
  }
  await sleep(5000);
  const m = await measure(procs.map((p) => p.pid));
  for (const p of procs) p.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  return m;
}

async function vigil(url, n) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-vigil-rec-'));
  const server = await startVigil(dir);
  const res = await fetch(`${server.url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'cpu@example.com', password: 'bench-password', displayName: 'Bench' }),
  });
  const { token, user } = await res.json();
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // The plan's camera limit is lifted for the benchmark through the admin's own account (first user).
  if (n > user.limits.maxCameras) await raiseLimit(dir, n);
  for (let i = 0; i < n; i++) {
    const r = await fetch(`${server.url}/api/v1/cameras`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: `cam ${i}`, source: { type: 'rtsp', url }, recordingMode: 'continuous' }),
    });
    if (r.status !== 201) throw new Error(`camera ${i}: ${r.status} ${await r.text()}`);
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = await (await fetch(`${server.url}/api/v1/cameras?limit=100`, { headers: auth })).json();
    if (list.items.filter((c) => c.status === 'online').length === n) break;
    if (Date.now() > deadline) throw new Error('cameras did not all come online in 60 s');
    await sleep(500);
  }
  await sleep(3000);
  const ffmpegs = childrenOf(server.pid).filter((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').startsWith('ffmpeg'));
  const [node, ff] = await Promise.all([measure([server.pid]), measure(ffmpegs)]);
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  return {
    cpuPct: node.cpuPct + ff.cpuPct,
    rssMb: node.rssMb + ff.rssMb,
    nodePct: node.cpuPct,
    ffmpegs: ffmpegs.length,
  };
}

async function raiseLimit(dataDir, n) {
  const { default: pg } = await import('pg');
  const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const port = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  const c = new pg.Client({ connectionString: `postgres://postgres:${secrets.pgPassword}@127.0.0.1:${port}/postgres` });
  await c.connect();
  await c.query(`update users set limits = jsonb_set(limits, '{maxCameras}', to_jsonb($1::int))`, [n]);
  await c.end();
}

const rtsp = await startRtspServer();
const rows = [];
try {
  for (const n of counts) {
    const b = await bare(rtsp.url, n);
    const v = await vigil(rtsp.url, n);
    rows.push({
      cameras: n,
      'baseline: bare ffmpeg -c copy, CPU % of a core per camera': +(b.cpuPct / n).toFixed(2),
      'Vigil recorder, CPU % per camera': +(v.cpuPct / n).toFixed(2),
      '  of which Node': +(v.nodePct / n).toFixed(2),
      ratio: +(v.cpuPct / b.cpuPct).toFixed(2),
      'baseline MB per camera': +(b.rssMb / n).toFixed(1),
      'Vigil MB per camera (ffmpeg + Node share)': +(v.rssMb / n).toFixed(1),
    });
  }
} finally {
  await rtsp.stop();
}
report('recorder-cpu', rows);
