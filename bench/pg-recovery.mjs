// Seconds from a SIGKILL of the embedded PostgreSQL to requests succeeding again,
// over RUNS kills, beside a cold start of the same server in the same run.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { report, startVigil } from './lib.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
const vigil = await startVigil(dir);
try {
  const up = await fetch(`${vigil.url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'pg@example.com', password: 'pg-password', displayName: 'PG' }),
  });
  const { token } = await up.json();
  const me = () => fetch(`${vigil.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
  const seconds = [];
  let refused = 0;
  for (let i = 0; i < RUNS; i++) {
    const pid = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const killed = performance.now();
    process.kill(pid, 'SIGKILL');
    const deadline = killed + 30_000;
    for (;;) {
      const r = await me();
      await r.arrayBuffer();
      if (r.status === 200) break;
      if (r.status === 503) refused += 1;
      if (performance.now() > deadline) throw new Error('the database did not come back in 30 s');
      await new Promise((res) => setTimeout(res, 20));
    }
    seconds.push((performance.now() - killed) / 1000);
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  report('pg-recovery', [
    {
      what: 'baseline: cold start of the same server (embedded PostgreSQL included)',
      seconds: Number(vigil.seconds.toFixed(2)),
    },
    {
      what: `embedded PostgreSQL SIGKILLed → GET /api/v1/me answers 200 again (${RUNS} kills; 503s meanwhile: ${refused})`,
      seconds: `p50 ${sorted[Math.floor(RUNS / 2)].toFixed(2)}, max ${sorted.at(-1).toFixed(2)}`,
    },
  ]);
} finally {
  await vigil.stop();
  rmSync(dir, { recursive: true, force: true });
}
