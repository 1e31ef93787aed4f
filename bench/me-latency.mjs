// p50/p99 and req/s of GET /api/v1/me (session lookup + document) under autocannon, beside a bare
// Fastify route answering a constant in the same run, on the same machine, same settings. Each
// server runs in its own process (autocannon in this one): a bare route sharing its process with
// the load generator starved on a busy machine and made the ratio say more about the load than
// about /me. Beside each, the server's CPU per request (user + system, from /proc): on a shared
// machine, throughput moves with the load but the CPU a request costs moves much less.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, cpuStat, report, startVigil } from './lib.mjs';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 10);

/** A run of autocannon on `url`, and the CPU µs the server process `pid` spent per answer. */
async function load(url, pid, opts = {}) {
  const before = cpuStat(pid).ticks;
  const r = await autocannon({ url, duration, connections, ...opts });
  const ticks = cpuStat(pid).ticks - before;
  return { r, cpuUsPerRequest: r.requests.total ? Math.round((ticks * 10_000) / r.requests.total) : null };
}
const pick = ({ r, cpuUsPerRequest }) => ({
  'p50 (ms)': r.latency.p50,
  'p99 (ms)': r.latency.p99,
  'req/s': Math.round(r.requests.average),
  'server CPU µs/req': cpuUsPerRequest,
  errors: r.errors + r.non2xx,
});

/** The bare route in a process of its own, as Vigil's server is. */
async function startBare() {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify';
       const app = Fastify({ logger: false });
       app.get('/bare', async () => ({ ok: true }));
       await app.listen({ port: 0, host: '127.0.0.1' });
       console.log('PORT ' + app.server.address().port);`,
    ],
    { cwd: path.join(ROOT, 'apps/server'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (c) => reject(new Error(`bare server exited ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}/bare`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

const bare = await startBare();
const dir = mkdtempSync(path.join(tmpdir(), 'bench-me-'));
const vigil = await startVigil(dir);
try {
  const signUp = await fetch(`${vigil.url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password', displayName: 'Bench' }),
  });
  const { token } = await signUp.json();
  const me = { url: `${vigil.url}/api/v1/me`, headers: { authorization: `Bearer ${token}` } };

  await autocannon({ url: bare.url, duration: 2, connections }); // warm-up, both sides
  await autocannon({ ...me, duration: 2, connections });
  const baseline = await load(bare.url, bare.pid);
  const measured = await load(me.url, vigil.pid, { headers: me.headers });

  const ratio = (a, b) => (a && b ? +(a / b).toFixed(3) : null);
  report(
    'me-latency',
    [
      { what: `baseline: bare Fastify route (${connections} conns, ${duration}s)`, ...pick(baseline) },
      { what: 'GET /api/v1/me (bearer session)', ...pick(measured) },
    ],
    {
      'me / bare (req/s)': ratio(measured.r.requests.average, baseline.r.requests.average),
      'me / bare (server CPU per request)': ratio(measured.cpuUsPerRequest, baseline.cpuUsPerRequest),
    },
  );
} finally {
  await vigil.stop();
  bare.stop();
  rmSync(dir, { recursive: true, force: true });
}
