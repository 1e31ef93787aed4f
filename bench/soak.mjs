// Soak: footage through a fault every INTERVAL seconds for DURATION seconds, per fault kind:
// seconds of footage expected (wall clock, per camera) vs indexed (primary footage in the index)
// vs stored (indexed footage whose bytes are in the store), and what the fault cost.
// Two installations on one PostgreSQL that the bench runs and restarts (two databases):
//   local — footage in a media folder on a tmpfs the bench mounts, with the disk guard;
//   s3    — footage in a bucket (the S3-protocol test server), the media folder its buffer.
// Each records CAMERAS RTSP cameras (GStreamer on 127.0.0.1, -c copy). Faults in turn:
//   kill   — kill -9 of the Vigil process, started again at once on its data folder (as systemd
//            or Docker would);
//   db     — PostgreSQL restarted (fast shutdown, started again on its port);
//   s3     — the bucket answers 503 for S3_DOWN seconds;
//   disk   — the local installation's filesystem filled from outside to 3 MB above its guard's
//            threshold for DISK_S seconds.
// The baseline in the same run is the fault-free window before the first fault. Each window is
// measured WINDOW_SETTLE seconds after it ends (the disk guard prunes the oldest footage later,
// on purpose; that is not loss). Needs root (mount).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, freePort, report, startVigil } from './lib.mjs';

register();
const db = await import(path.join(ROOT, 'packages/db/src/index.ts'));
const { startRtspServer } = await import(path.join(ROOT, 'e2e/fixtures/rtsp-server.ts'));
const { startFakeS3 } = await import(path.join(ROOT, 'apps/server/test/fake-s3.ts'));

const DURATION = Number(process.env.DURATION ?? 1800);
const INTERVAL = Number(process.env.INTERVAL ?? 120);
const CAMERAS = Number(process.env.CAMERAS ?? 2);
const S3_DOWN = Number(process.env.S3_DOWN ?? 60);
const DISK_S = Number(process.env.DISK_S ?? 60);
const TMPFS_MB = Number(process.env.TMPFS_MB ?? 1024);
const GUARD_MB = Number(process.env.GUARD_MB ?? 100);
const WINDOW_SETTLE = 60;
const KINDS = (process.env.KINDS ?? 'kill,db,s3,disk').split(',');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (m) => console.log(`${new Date().toISOString().slice(11, 19)} ${m}`);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-soak-'));
const localMedia = path.join(dir, 'local-media');
mkdirSync(localMedia);
execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_MB}m`, 'tmpfs', localMedia]);
const pg = await db.startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: 'bench' });
const admin = db.createDb(pg.url, 2);
const s3 = await startFakeS3({
  bucket: 'soak',
  region: 'us-east-1',
  accessKeyId: 'soak',
  secretAccessKey: 'soak-secret',
});
// Both installations record the same cameras (one GStreamer server), as two NVRs on one camera
// would: when one installation is killed, the server's shared stream resets its timestamps for the
// other, which must keep cutting segments (docs/areas/recorder.md, "Known limits").
// SEPARATE_CAMERAS=1 gives each its own camera server instead.
const sharedCamera = process.env.SEPARATE_CAMERAS === '1' ? undefined : await startRtspServer();
const rtsp = { local: sharedCamera ?? (await startRtspServer()), s3: sharedCamera ?? (await startRtspServer()) };
const AUTH_SECRET = randomBytes(32).toString('hex');

const installs = {
  local: {
    env: { MEDIA_DIR: localMedia, DISK_GUARD_PERCENT: '50', DISK_GUARD_MAX_GB: String(GUARD_MB / 1000) },
    data: path.join(dir, 'local'),
    media: localMedia,
  },
  s3: {
    env: {
      S3_BUCKET: 'soak',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'soak',
      S3_SECRET_ACCESS_KEY: 'soak-secret',
      S3_FORCE_PATH_STYLE: 'true',
    },
    data: path.join(dir, 's3'),
    media: path.join(dir, 's3', 'media'),
  },
};

const urlOf = (name) => pg.url.replace(/\/postgres$/, `/vigil_${name}`);

async function start(name) {
  const i = installs[name];
  i.port ??= await freePort();
  const vigil = await startVigil(i.data, {
    // Production with an external database wants these; mail goes nowhere (the queue retries it).
    PORT: String(i.port),
    PUBLIC_URL: `http://127.0.0.1:${i.port}`,
    SMTP_URL: 'smtp://127.0.0.1:9',
    ...i.env,
    DATABASE_URL: urlOf(name),
    ...(process.env.SOAK_LOG_LEVEL ? { LOG_LEVEL: process.env.SOAK_LOG_LEVEL } : {}),
    AUTH_SECRET,
    METRICS_TOKEN: randomBytes(16).toString('hex'),
  });
  i.vigil = vigil;
  // A server that ends without the bench killing it is a finding in itself: say so, with its last words.
  vigil.exited.then((how) => {
    if (i.vigil === vigil && !i.killed && !cleaned)
      log(`${name} server exited on its own (${how}):\n${vigil.output().split('\n').slice(-15).join('\n')}`);
  });
  return vigil;
}

async function api(name, method, url, token, body) {
  const res = await fetch(`${installs[name].vigil.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body && JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Union of the primary footage of `cameraId` within [from, to), in seconds; and the part whose bytes are stored. */
async function coverage(name, cameraId, from, to) {
  // The bench's own reads ride out the database restarts it causes.
  for (let attempt = 0; ; attempt++) {
    try {
      return await coverageOnce(name, cameraId, from, to);
    } catch (e) {
      if (attempt > 60) throw e;
      await sleep(1000);
    }
  }
}

async function coverageOnce(name, cameraId, from, to) {
  const c = db.createDb(urlOf(name), 1);
  try {
    const { rows } = await c.pool.query(
      `select start_at, end_at, path, store from segments
       where camera_id = $1 and not copy and start_at < $3 and end_at > $2 order by start_at`,
      [cameraId, from, to],
    );
    let indexed = 0;
    let stored = 0;
    let reach = from.getTime();
    for (const r of rows) {
      const s = Math.max(reach, r.start_at.getTime(), from.getTime());
      const e = Math.min(r.end_at.getTime(), to.getTime());
      if (e <= s) continue;
      indexed += e - s;
      const there = r.store === 's3' ? s3.objects.has(r.path) : existsSync(path.join(installs[name].media, r.path));
      if (there) stored += e - s;
      reach = e;
    }
    return { indexed: indexed / 1000, stored: stored / 1000 };
  } finally {
    await c.pool.end();
  }
}

const fillFile = path.join(localMedia, 'ballast');
function statfs() {
  const out = execFileSync('df', ['-B1', '--output=avail,size', localMedia], { encoding: 'utf8' })
    .trim()
    .split('\n')[1];
  const [avail, size] = out.trim().split(/\s+/).map(Number);
  return { avail, size };
}

const faults = {
  async kill() {
    const name = this.turn++ % 2 ? 's3' : 'local';
    installs[name].killed = true;
    process.kill(installs[name].vigil.pid, 'SIGKILL');
    await sleep(200);
    await start(name);
    installs[name].killed = false;
    return name;
  },
  async db() {
    const pid = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGINT'); // fast shutdown; embedded.ts starts it again on the same port
    return 'both';
  },
  async s3() {
    s3.down = true;
    setTimeout(() => (s3.down = false), S3_DOWN * 1000);
    return 's3';
  },
  async disk() {
    const { avail } = statfs();
    // Near full: 3 MB above the guard's threshold, so recording itself pushes it over and the guard
    // must delete old footage to keep recording (nothing is left to delete only if it had none).
    const fill = Math.max(0, avail - (GUARD_MB + 3) * 1e6);
    execFileSync('fallocate', ['-l', String(Math.floor(fill)), fillFile]);
    setTimeout(() => rmSync(fillFile, { force: true }), DISK_S * 1000);
    return 'local';
  },
  turn: 0,
};

/** Everything the bench started, stopped; the tmpfs unmounted (also on Ctrl-C). */
let cleaned;
function cleanup() {
  cleaned ??= (async () => {
    s3.down = false;
    for (const i of Object.values(installs)) await i.vigil?.stop().catch(() => {});
    for (const r of new Set(Object.values(rtsp))) await r.stop().catch(() => {});
    await s3.close().catch(() => {});
    await admin.pool.end().catch(() => {});
    await pg.stop().catch(() => {});
    try {
      execFileSync('umount', [localMedia]);
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  })();
  return cleaned;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanup().then(() => process.exit(130)));

/**
 * What a lost second needs to be explained, per installation, into `into`: the server's whole log,
 * every segment row (primary and copies) and every file still in its media folder.
 */
async function dumpEvidence(into) {
  mkdirSync(into, { recursive: true });
  for (const [name, i] of Object.entries(installs)) {
    writeFileSync(path.join(into, `${name}.log`), i.vigil.output());
    const c = db.createDb(urlOf(name), 1);
    try {
      const { rows: segs } = await c.pool.query(
        `select camera_id, start_at, end_at, path, store, copy from segments order by camera_id, start_at`,
      );
      writeFileSync(
        path.join(into, `${name}-segments.txt`),
        segs
          .map((r) =>
            [
              r.camera_id.slice(0, 8),
              r.start_at.toISOString(),
              r.end_at.toISOString(),
              r.store,
              r.copy ? 'copy' : '',
              r.path,
            ].join(' '),
          )
          .join('\n'),
      );
    } finally {
      await c.pool.end();
    }
    const files = execFileSync('find', [i.media, '-name', '*.mp4', '-printf', '%TT %s %p\\n'], { encoding: 'utf8' });
    writeFileSync(path.join(into, `${name}-files.txt`), files);
  }
  log(`evidence in ${into}`);
}

const rows = [];
let minAvail = Number.POSITIVE_INFINITY;
try {
  for (const name of Object.keys(installs)) {
    await admin.pool.query(`create database vigil_${name}`);
    await start(name);
    const owner = await api(name, 'POST', '/api/v1/auth/sign-up', undefined, {
      email: `${name}@example.com`,
      password: 'a soak passphrase 1',
      displayName: 'Soak',
      timezone: 'UTC',
    });
    installs[name].cameras = [];
    for (let c = 0; c < CAMERAS; c++) {
      const cam = await api(name, 'POST', '/api/v1/cameras', owner.token, {
        name: `Cam ${c + 1}`,
        source: { type: 'rtsp', url: rtsp[name].url },
        recordingMode: 'continuous',
      });
      installs[name].cameras.push(cam.id);
    }
  }
  // Recording has begun once every camera has a first segment indexed.
  for (const name of Object.keys(installs))
    for (const id of installs[name].cameras)
      for (let t = 0; ; t++) {
        const c = await coverage(name, id, new Date(Date.now() - 60_000), new Date());
        if (c.indexed > 0) break;
        if (t > 120) throw new Error(`${name}: camera ${id} never recorded`);
        await sleep(500);
      }
  const watchDisk = setInterval(() => (minAvail = Math.min(minAvail, statfs().avail)), 250);
  const t0 = Date.now();
  const windows = [];
  const measured = [];
  // Three times: 15 s and WINDOW_SETTLE after the window (before the disk guard may prune it as the
  // oldest), and once the next window is over too (a bucket outage that follows delays the index);
  // the best is what was recorded and indexed.
  const later = (w) =>
    measured.push(
      Promise.all(
        [15, WINDOW_SETTLE, WINDOW_SETTLE + INTERVAL].map((s) =>
          new Promise((r) => setTimeout(r, s * 1000)).then(() => snapshot(w)),
        ),
      ).then((snaps) => record(w, snaps)),
    );
  const snapshot = async (w) => {
    const out = [];
    // Both installations every window: a fault of one must not cost the other footage (they share
    // the cameras, the database server and the machine), and a loss there is seen, not skipped.
    for (const name of ['local', 's3'])
      for (const id of installs[name].cameras) out.push({ name, c: await coverage(name, id, w.from, w.to) });
    return out;
  };
  const record = (w, snaps) => {
    for (const [i, { name }] of snaps[0].entries()) {
      const c = snaps.map((snap) => snap[i].c).reduce((best, x) => (x.indexed > best.indexed ? x : best));
      rows.push({
        at: w.from.toISOString().slice(11, 19),
        fault: w.on === name || w.on === 'both' || w.on === 'none' ? w.kind : `none (${w.kind} on the other)`,
        install: name,
        expected_s: (w.to - w.from) / 1000,
        indexed_s: Math.round(c.indexed * 10) / 10,
        stored_s: Math.round(c.stored * 10) / 10,
        lost_s: Math.round(((w.to - w.from) / 1000 - c.indexed) * 10) / 10,
      });
    }
  };
  // Baseline: one fault-free interval.
  windows.push({ kind: 'none (baseline)', on: 'none', from: new Date(t0) });
  await sleep(INTERVAL * 1000);
  windows[0].to = new Date();
  later(windows[0]);
  for (let k = 0; (Date.now() - t0) / 1000 < DURATION; k++) {
    const kind = KINDS[k % KINDS.length];
    const from = new Date();
    const on = await faults[kind]();
    log(`fault ${k + 1}: ${kind} (${on})`);
    const w = { kind, on, from };
    windows.push(w);
    await sleep(Math.max(0, INTERVAL * 1000 - (Date.now() - from.getTime())));
    w.to = new Date();
    later(w);
  }
  await Promise.all(measured);
  clearInterval(watchDisk);
  if (process.env.SOAK_LOGS) await dumpEvidence(process.env.SOAK_LOGS);
  const byKind = {};
  for (const r of rows) {
    const k = `${r.fault} · ${r.install}`;
    byKind[k] ??= {
      fault: r.fault,
      install: r.install,
      windows: 0,
      expected_s: 0,
      indexed_s: 0,
      stored_s: 0,
      lost_s: 0,
    };
    const b = byKind[k];
    b.windows++;
    b.expected_s += r.expected_s;
    b.indexed_s = Math.round((b.indexed_s + r.indexed_s) * 10) / 10;
    b.stored_s = Math.round((b.stored_s + r.stored_s) * 10) / 10;
    b.lost_s = Math.round((b.lost_s + r.lost_s) * 10) / 10;
  }
  const summary = Object.values(byKind).map((b) => ({
    ...b,
    lost_per_fault_per_camera_s: Math.round((b.lost_s / b.windows) * 10) / 10,
  }));
  summary.push({
    fault: 'disk headroom',
    install: 'local',
    windows: 0,
    expected_s: 0,
    indexed_s: 0,
    stored_s: 0,
    lost_s: 0,
    lost_per_fault_per_camera_s: `min free ${Math.round(minAvail / 1e6)} MB vs guard ${GUARD_MB} MB`,
  });
  report('soak', summary);
  // Each window on its own (bench/results/soak-windows.json): which fault, in what order, lost what.
  report('soak-windows', rows);
  if (process.env.SOAK_LOGS)
    for (const [name, i] of Object.entries(installs)) {
      const lines = i.vigil.output().split('\n');
      console.log(
        `--- ${name}\n${lines
          .filter((l) => !/motion|event-thumbnail/.test(l))
          .slice(-60)
          .join('\n')}`,
      );
    }
} finally {
  await cleanup();
}
process.exit(0);
