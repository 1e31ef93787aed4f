// Footage lost to faults: a 60 s database outage (the embedded PostgreSQL frozen with SIGSTOP)
// and a `kill -9` of the server (restarted on the same data folder). Per fault, over a window
// from 5 s before it to 15 s after it ends (thawed, or the restarted server ready): seconds of
// footage expected (wall clock × cameras) vs indexed (the segment index) vs stored on disk (the
// files' durations), and the difference, the footage lost. Baseline in the same run: a bare
// `ffmpeg -c copy` recording each camera into segment files over the same windows. It reads a
// twin of the camera (a second GStreamer server, same picture): the test server's shared stream
// stalls for every client when one of them vanishes without a TEARDOWN (tried: the baseline's
// recording stopped at the kill -9), which would charge the baseline with the recorder's fault.
// One `npm start` server (scripts/start.mjs, embedded PostgreSQL), CAMERAS RTSP cameras (GStreamer).
// OUTAGE_S (60) sets the outage's length.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { ROOT, apiOf, databaseUrlOf, report, startVigil, until } from './lib.mjs';

register();
const { startRtspServer } = await import(path.join(ROOT, 'e2e/fixtures/rtsp-server.ts'));
const { freezePostgres } = await import(path.join(ROOT, 'apps/server/test/frozen-postgres.ts'));

const CAMERAS = Number(process.env.CAMERAS ?? 2);
const OUTAGE_S = Number(process.env.OUTAGE_S ?? 60);
const BEFORE_MS = 5000;
const AFTER_MS = 15_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const run = promisify(execFile);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-db-outage-'));
const dataDir = path.join(dir, 'vigil');
const cams = [];
const twins = [];
const baselines = [];
let vigil;

/** A file's seconds, by ffprobe (0 for a file it cannot read: nothing playable in it). */
async function durationOf(file) {
  try {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      file,
    ]);
    return Number(stdout.trim()) || 0;
  } catch {
    return 0;
  }
}

/** UTC yyyymmddThhmmssZ at the start of a segment file's name. */
const startOfName = (f) => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(f);
  return m ? Date.UTC(+m[1], m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : undefined;
};

/** Seconds of [from, to) the spans cover, overlaps counted once. */
function covered(spans, from, to) {
  let total = 0;
  let until = from;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const start = Math.max(s.start, until);
    const end = Math.min(s.end, to);
    if (end > start) total += end - start;
    until = Math.max(until, Math.min(s.end, to));
  }
  return total / 1000;
}

/** What the files of a folder hold over [from, to): name = start, ffprobe = length. */
async function onDisk(folder, from, to) {
  const spans = [];
  for (const f of readdirSync(folder).filter((n) => n.endsWith('.mp4'))) {
    const start = startOfName(f);
    if (start === undefined || start > to || start < from - 60_000) continue;
    spans.push({ start, end: start + (await durationOf(path.join(folder, f))) * 1000 });
  }
  return covered(spans, from, to);
}

async function indexed(cameraId, from, to) {
  const c = new pg.Client({ connectionString: databaseUrlOf(dataDir) });
  await c.connect();
  try {
    const r = await c.query(
      `select start_at, end_at from segments where camera_id = $1 and end_at > $2 and start_at < $3
        and not coalesce((to_jsonb(segments) ->> 'copy')::boolean, false)`,
      [cameraId, new Date(from), new Date(to)],
    );
    return covered(
      r.rows.map((row) => ({ start: row.start_at.getTime(), end: row.end_at.getTime() })),
      from,
      to,
    );
  } finally {
    await c.end();
  }
}

/** The last indexed instant of a camera (0 while the database does not answer). */
async function lastIndexed(cameraId) {
  const c = new pg.Client({ connectionString: databaseUrlOf(dataDir), connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    const r = await c.query('select max(end_at) as t from segments where camera_id = $1', [cameraId]);
    return r.rows[0].t?.getTime() ?? 0;
  } catch {
    return 0;
  } finally {
    await c.end().catch(() => {});
  }
}

/** A bare `ffmpeg -c copy` into segment files named like the recorder's (the baseline). */
function baselineRecorder(url, folder) {
  mkdirSync(folder, { recursive: true });
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-rtsp_transport', 'tcp', '-i', url, '-map', '0:v', '-c', 'copy'],
      ...['-f', 'segment', '-segment_time', '10', '-reset_timestamps', '1', '-strftime', '1'],
      ...['-segment_format', 'mp4', '-segment_format_options', 'movflags=+frag_keyframe+empty_moov+default_base_moof'],
      path.join(folder, '%Y%m%dT%H%M%SZ.mp4'),
    ],
    { env: { ...process.env, TZ: 'UTC' }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return { child, folder, exited: new Promise((r) => child.once('exit', r)) };
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** Processes whose command line names the bench folder (PostgreSQL, ffmpeg): none may be left. */
const leftovers = () =>
  readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid)
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(dir) && alive(Number(p));
      } catch {
        return false;
      }
    })
    .map(Number);

async function serverUp() {
  vigil = await startVigil(dataDir);
  return Date.now();
}

const rows = [];
let owner;
const windows = [];
try {
  cams.push(...(await Promise.all(Array.from({ length: CAMERAS }, () => startRtspServer()))));
  twins.push(...(await Promise.all(Array.from({ length: CAMERAS }, () => startRtspServer()))));
  await serverUp();
  const api = apiOf(() => vigil.url);
  owner = await api('POST', '/api/v1/auth/sign-up', undefined, {
    email: 'outage@example.com',
    password: 'outage-password',
    displayName: 'Outage',
  });
  const ids = [];
  for (const [i, cam] of cams.entries()) {
    const created = await api('POST', '/api/v1/cameras', owner.token, {
      name: `Camera ${i + 1}`,
      source: { type: 'rtsp', url: cam.url },
      recordingMode: 'continuous',
    });
    ids.push(created.id);
    baselines.push(baselineRecorder(twins[i].url, path.join(dir, 'baseline', String(i))));
  }
  const folders = ids.map((id) => path.join(dataDir, 'media', owner.user.workspaceId, id, 'segments'));
  // Footage of every camera indexed well before the first fault's window opens.
  const firstAt = Date.now();
  await until(
    'first segments',
    async () => (await Promise.all(ids.map(lastIndexed))).every((t) => t > firstAt + 12_000),
    90_000,
    500,
  );
  const caughtUp = (after) =>
    until(
      'indexing to catch up',
      async () => (await Promise.all(ids.map(lastIndexed))).every((t) => t > after),
      120_000,
      500,
    );

  // 1. The database frozen for OUTAGE_S: the postmaster and every backend (each is in a session
  // of its own, so the postmaster's process group alone would leave open connections answering).
  let t0 = Date.now();
  const thaw = freezePostgres(path.join(dataDir, 'pg'));
  console.log(`database frozen for ${OUTAGE_S} s`);
  try {
    await sleep(OUTAGE_S * 1000);
  } finally {
    thaw();
  }
  let t1 = Date.now();
  windows.push({ fault: `database frozen ${OUTAGE_S} s (SIGSTOP)`, from: t0 - BEFORE_MS, to: t1 + AFTER_MS });
  await caughtUp(t1 + AFTER_MS);

  // 2. kill -9 of the server, restarted on the same data folder.
  t0 = Date.now();
  process.kill(vigil.pid, 'SIGKILL');
  await until('the killed server to be gone', async () => !alive(vigil.pid), 10_000, 50);
  console.log('server killed (-9); restarting');
  t1 = await serverUp();
  const restart = ((t1 - t0) / 1000).toFixed(1);
  windows.push({ fault: `server kill -9, ready again in ${restart} s`, from: t0 - BEFORE_MS, to: t1 + AFTER_MS });
  await caughtUp(t1 + AFTER_MS);
  // The files of the last window are complete (the baseline's too) once the next segment began.
  await sleep(11_000);

  for (const w of windows) {
    const expected = (CAMERAS * (w.to - w.from)) / 1000;
    let idx = 0;
    let disk = 0;
    let base = 0;
    for (const [i, id] of ids.entries()) {
      idx += await indexed(id, w.from, w.to);
      disk += await onDisk(folders[i], w.from, w.to);
      base += await onDisk(baselines[i].folder, w.from, w.to);
    }
    const r1 = (x) => Math.round(x * 10) / 10;
    rows.push({
      fault: w.fault,
      'expected (s)': r1(expected),
      'indexed (s)': r1(idx),
      'on disk (s)': r1(disk),
      'lost (s)': r1(expected - idx),
      'lost per camera (s)': r1((expected - idx) / CAMERAS),
      'baseline ffmpeg on disk (s)': r1(base),
      'baseline lost (s)': r1(expected - base),
    });
  }
} catch (e) {
  console.error('db-outage failed:', e);
  process.exitCode = 1;
} finally {
  if (vigil && alive(vigil.pid)) await vigil.stop();
  for (const b of baselines) b.child.kill('SIGINT');
  await Promise.all(baselines.map((b) => b.exited));
  await Promise.all([...cams, ...twins].map((c) => c.stop()));
  const left = leftovers();
  if (left.length) {
    console.error(`orphans left under ${dir}: ${left.join(', ')} (killed now)`);
    for (const p of left) process.kill(p, 'SIGKILL');
    process.exitCode = 1;
  }
  rmSync(dir, { recursive: true, force: true });
}
report('db-outage', rows);
