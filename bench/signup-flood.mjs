// /api/health latency while one address floods sign-up, beside the same without the flood, in one
// run. The flood is bounded: FLOOD sign-ups from 127.0.0.1, CONCURRENCY at a time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { report, startVigil } from './lib.mjs';

const FLOOD = Number(process.env.FLOOD ?? 300);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 20);
const PROBES = Number(process.env.PROBES ?? 200);

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1));
};

/** PROBES health requests, one at a time, while `during` runs (or alone). */
async function probeHealth(url, during) {
  const times = [];
  let flooding = Boolean(during);
  const flood = during?.().finally(() => (flooding = false));
  for (let i = 0; i < PROBES || flooding; i++) {
    const t = performance.now();
    await fetch(`${url}/api/health`);
    times.push(performance.now() - t);
    if (i >= PROBES * 5) break;
  }
  const outcome = await flood;
  return { times, outcome };
}

async function flood(url) {
  let next = 0;
  const codes = {};
  const worker = async () => {
    while (next < FLOOD) {
      const n = next++;
      const r = await fetch(`${url}/api/v1/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `flood-${n}@example.com`, password: 'flood-password', displayName: 'Flood' }),
      });
      codes[r.status] = (codes[r.status] ?? 0) + 1;
      await r.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return codes;
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-flood-'));
const vigil = await startVigil(dir);
try {
  await probeHealth(vigil.url); // warm-up
  const quiet = await probeHealth(vigil.url);
  const loud = await probeHealth(vigil.url, () => flood(vigil.url));
  report('signup-flood', [
    {
      what: 'baseline: GET /api/health, no flood',
      'p50 (ms)': pct(quiet.times, 50),
      'p99 (ms)': pct(quiet.times, 99),
      requests: quiet.times.length,
    },
    {
      what: `GET /api/health during ${FLOOD} sign-ups from one address (${CONCURRENCY} at a time)`,
      'p50 (ms)': pct(loud.times, 50),
      'p99 (ms)': pct(loud.times, 99),
      requests: loud.times.length,
      'sign-up answers': JSON.stringify(loud.outcome),
    },
  ]);
} finally {
  await vigil.stop();
  rmSync(dir, { recursive: true, force: true });
}
