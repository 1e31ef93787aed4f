// p50/p99 of GET /api/v1/me (session lookup + document) under autocannon, beside a bare
// Fastify route answering a constant in the same run, on the same machine, same settings.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { report, startVigil } from './lib.mjs';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 10);
const run = (opts) => autocannon({ duration, connections, ...opts });
const pick = (r) => ({
  'p50 (ms)': r.latency.p50,
  'p99 (ms)': r.latency.p99,
  'req/s': Math.round(r.requests.average),
  errors: r.errors + r.non2xx,
});

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${bare.server.address().port}/bare`;

const dir = mkdtempSync(path.join(tmpdir(), 'bench-me-'));
const vigil = await startVigil(dir);
const signUp = await fetch(`${vigil.url}/api/v1/auth/sign-up`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password', displayName: 'Bench' }),
});
const { token } = await signUp.json();

await run({ url: bareUrl, duration: 2 }); // warm-up, both sides
await run({ url: `${vigil.url}/api/v1/me`, headers: { authorization: `Bearer ${token}` }, duration: 2 });
const baseline = await run({ url: bareUrl });
const me = await run({ url: `${vigil.url}/api/v1/me`, headers: { authorization: `Bearer ${token}` } });

report(
  'me-latency',
  [
    { what: `baseline: bare Fastify route (${connections} conns, ${duration}s)`, ...pick(baseline) },
    { what: 'GET /api/v1/me (bearer session)', ...pick(me) },
  ],
  { 'me / bare (req/s)': +(me.requests.average / baseline.requests.average).toFixed(3) },
);
await vigil.stop();
await bare.close();
rmSync(dir, { recursive: true, force: true });
