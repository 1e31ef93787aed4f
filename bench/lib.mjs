// Shared bits of the benchmarks: start Vigil as `npm start` does, and print/save results.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Spawns scripts/start.mjs; resolves with wall-clock seconds to the ready line. */
export async function startVigil(dataDir, env = {}) {
  // A caller that sets PORT (production with DATABASE_URL also needs PUBLIC_URL) keeps it.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const started = performance.now();
  // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server, not the bench.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      VIGIL_DATA_DIR: dataDir,
      PORT: String(port),
      VIGIL_SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      // Benchmark cameras are local RTSP servers; the outbound policy refuses loopback otherwise.
      ALLOW_LOOPBACK_TARGETS: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  await new Promise((resolve, reject) => {
    const onData = (d) => {
      log += d;
      if (log.includes('VIGIL_READY')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (c) => reject(new Error(`exited ${c}: ${log}`)));
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    seconds,
    /** Everything the server printed so far (stdout and stderr). */
    output: () => log,
    /** Resolves when the process ends, however: its exit code or signal. */
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`))),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** The median wall time of `runs` calls of fn (ms, one decimal) and the last call's result. */
export async function medianTime(runs, fn) {
  const ms = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await fn();
    ms.push(performance.now() - t0);
  }
  return { ms: +[...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)].toFixed(1), last };
}

/**
 * Prints a bench's table and saves it with its named `figures` (numbers), which bench/budget.json
 * holds ceilings or floors for and `npm run bench -- --check` compares.
 */
export function report(name, rows, figures = {}) {
  console.log(`\n${name}`);
  console.table(rows);
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${name}.json`),
    JSON.stringify({ name, at: new Date().toISOString(), rows, figures }, null, 2),
  );
}

const TICK = 100; // clock ticks per second on Linux

/** CPU ticks (user + system, 100 a second) and resident bytes of one process. */
export function cpuStat(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const rss = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096;
    return { ticks: Number(f[11]) + Number(f[12]), rss };
  } catch {
    return { ticks: 0, rss: 0 };
  }
}

/** Direct children of a process (the recorder's ffmpegs). */
export const childrenOf = (ppid) =>
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

/**
 * The ffmpeg children of a Vigil server. By the basename of argv[0]: the recorder runs the binary
 * by its full path (/usr/bin/ffmpeg, or the npm one), so a prefix test on "ffmpeg" finds none.
 */
/** Direct children of a process whose program is `name` (its command line's first word). */
export const childrenRunning = (ppid, name) =>
  childrenOf(ppid).filter((p) => {
    try {
      return path.basename(readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0')[0]) === name;
    } catch {
      return false;
    }
  });

export const ffmpegChildrenOf = (ppid) => childrenRunning(ppid, 'ffmpeg');

/** CPU (% of one core, user + system) and resident memory of these processes over `seconds`. */
export async function measureCpu(pids, seconds) {
  const before = pids.map(cpuStat);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const after = pids.map(cpuStat);
  const cpu = after.reduce((n, a, i) => n + (a.ticks - before[i].ticks), 0) / TICK / seconds;
  return { cpuPct: cpu * 100, rssMb: after.reduce((n, a) => n + a.rss, 0) / 1e6 };
}

/**
 * Proportional resident memory (MB) of these processes: each shared page (the ffmpeg libraries,
 * mapped by every ffmpeg) divided among the processes that map it, where RSS counts it in full
 * for each.
 */
export function pssMb(pids) {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // The process has ended.
    }
  }
  return kb / 1024;
}

/** The connection string of a `startVigil` data dir's embedded PostgreSQL (password file and postmaster.pid). */
export function databaseUrlOf(dataDir) {
  const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const port = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  return `postgres://postgres:${encodeURIComponent(secrets.pgPassword)}@127.0.0.1:${port}/postgres`;
}

/**
 * Latencies (ms) of `n` authenticated GETs of `url` on a running Vigil, `c` at a time:
 * p50/p95/p99, the count, and what the client itself spent a request (CPU ms).
 *
 * The client is node:http over `c` kept-alive connections, asking for compression as a browser
 * does and reading the compressed bytes without decoding them: a browser decodes on its own
 * machine. It was `fetch` (undici's WHATWG layer, decoding every answer), which spent 1.6–2 CPU-ms
 * on a 100-camera page, as much as the server did: on two cores, a latency measured against a
 * client that heavy was half the client's (decision 0026). Each answer's status is checked, and
 * the first answer is decoded and parsed as JSON, so a read that fails is still an error.
 */
export async function getLatencies(baseUrl, url, token, n, c) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: c });
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
  /** One GET: its status, encoding and raw body. */
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get(`${baseUrl}${url}`, { agent, headers }, (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    });
  const first = await get();
  const text =
    first.encoding === 'br'
      ? brotliDecompressSync(first.body)
      : first.encoding === 'gzip'
        ? gunzipSync(first.body)
        : first.body;
  if (first.status !== 200) throw new Error(`${url}: ${first.status}`);
  JSON.parse(text.toString('utf8'));
  const times = [];
  let next = 0;
  const cpu0 = process.cpuUsage();
  try {
    await Promise.all(
      Array.from({ length: c }, async () => {
        while (next++ < n) {
          const t0 = performance.now();
          const res = await get();
          if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
          times.push(performance.now() - t0);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  const q = (p) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))] * 100) / 100;
  return {
    'p50 (ms)': q(0.5),
    'p95 (ms)': q(0.95),
    'p99 (ms)': q(0.99),
    requests: times.length,
    'client CPU ms/req': +((cpu.user + cpu.system) / 1000 / times.length).toFixed(2),
  };
}

/** Lifts the plan's camera limit of every account of a `startVigil` data dir (its embedded PostgreSQL). */
export async function raiseCameraLimit(dataDir, n) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: databaseUrlOf(dataDir) });
  await c.connect();
  await c.query(`update users set limits = jsonb_set(limits, '{maxCameras}', to_jsonb($1::int))`, [n]);
  await c.end();
}

/**
 * On a started Vigil: signs up the first account (the administrator), lifts its plan's camera limit
 * when `n` needs it, adds `n` continuous cameras on the RTSP `url` and waits until all are online
 * (60 s). Returns the bearer headers and a reader of the camera list.
 */
export async function addOnlineRtspCameras(server, dataDir, url, n) {
  const res = await fetch(`${server.url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'cpu@example.com', password: 'bench-password', displayName: 'Bench' }),
  });
  const { token, user } = await res.json();
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (n > user.limits.maxCameras) await raiseCameraLimit(dataDir, n);
  for (let i = 0; i < n; i++) {
    const r = await fetch(`${server.url}/api/v1/cameras`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: `cam ${i}`, source: { type: 'rtsp', url }, recordingMode: 'continuous' }),
    });
    if (r.status !== 201) throw new Error(`camera ${i}: ${r.status} ${await r.text()}`);
  }
  const cameras = async () =>
    (await (await fetch(`${server.url}/api/v1/cameras?limit=100`, { headers: auth })).json()).items;
  // Staggered starts (150 ms apart) on a loaded machine: a minute, or two seconds per camera if more.
  const waitMs = Math.max(60_000, n * 2000);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const list = await cameras();
    if (list.filter((c) => c.status === 'online').length >= n) break;
    if (Date.now() > deadline) {
      const why = [...new Set(list.filter((c) => c.status !== 'online').map((c) => `${c.status}: ${c.lastError}`))];
      throw new Error(`cameras did not all come online in ${waitMs / 1000} s (${why.join('; ')})`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { auth, cameras };
}

/** A JSON caller of a running Vigil's API: api(method, url, token?, body?) → the parsed answer (null for 202/204). */
export function apiOf(baseUrl) {
  return async (method, url, token, body) => {
    const res = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.status === 204 || res.status === 202 ? null : res.json();
  };
}

/** Polls `fn` until it returns something truthy (returned), or throws after `timeoutMs`. */
export async function until(what, fn, timeoutMs = 60_000, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * A serve-only Vigil (no recorder opens seeded cameras) on `dataDir`, a client of its database,
 * an administrator signed up first and then the owner of a workspace on the VMS plan, whose
 * sign-up answer (token, user, workspace) is returned with them.
 */
export async function serveWithVmsOwner(dataDir) {
  const vigil = await startVigil(dataDir, { VIGIL_ROLES: 'serve' });
  const db = new (await import('pg')).default.Client({ connectionString: databaseUrlOf(dataDir) });
  await db.connect();
  const api = apiOf(() => vigil.url);
  const person = (name) =>
    api('POST', '/api/v1/auth/sign-up', null, {
      email: `${name.toLowerCase()}-${Date.now()}@vigil.test`,
      password: 'bench-password',
      displayName: name,
    });
  await person('Admin');
  const owner = await person('Owner');
  await db.query(
    `update subscriptions set plan_key = 'vms', status = 'active', source = 'complimentary' where workspace_id = $1`,
    [owner.workspace.id],
  );
  return { vigil, db, owner };
}

/** `perCamera` hour-long recordings for each camera of a workspace, the last `perCamera` hours, random sizes. */
export async function seedHourlyRecordings(db, workspaceId, perCamera) {
  await db.query(
    `insert into recordings (camera_id, workspace_id, kind, start_at, end_at, bytes)
     select c.id, c.workspace_id, 'continuous', now() - (h || ' hours')::interval,
            now() - (h || ' hours')::interval + interval '1 hour', (random() * 1e9)::bigint
       from cameras c, generate_series(1, $2) h where c.workspace_id = $1`,
    [workspaceId, perCamera],
  );
}

/** The first user (the administrator) connects the Stripe stand-in as the installation's provider. */
export async function connectStripeStub(api, stub, settings = {}) {
  const admin = await api('POST', '/api/v1/auth/sign-up', null, {
    email: `admin-${Date.now()}@vigil.test`,
    password: 'bench-password',
    displayName: 'Admin',
  });
  await api('PUT', '/api/v1/admin/payment-settings', admin.token, {
    provider: 'stripe',
    ...settings,
    stripe: { publishableKey: 'pk_test_bench', secretKey: stub.key, webhookSecret: stub.webhookSecret },
  });
  return admin;
}

/**
 * Owner number `o` signs up (from an address of its own: X-Forwarded-For under TRUST_PROXY, below
 * the sign-up limit per address) and goes through the stand-in's Checkout for Pro monthly.
 */
export async function checkedOutOwner(vigilUrl, api, stub, o) {
  const owner = await (
    await fetch(`${vigilUrl}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `127.0.${o >> 8}.${o & 255}` },
      body: JSON.stringify({
        email: `owner-${o}-${Date.now()}@vigil.test`,
        password: 'bench-password',
        displayName: `Owner ${o}`,
      }),
    })
  ).json();
  await api('POST', '/api/v1/billing/checkout', owner.token, { plan: 'pro', interval: 'month' });
  const session = [...stub.sessions.values()].at(-1);
  return { owner, session, sub: stub.completeCheckout(session.id) };
}
