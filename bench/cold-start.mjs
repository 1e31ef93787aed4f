// Cold `npm start` to ready: a fresh data directory (initdb + migrations) and a warm restart,
// beside the baseline of the embedded PostgreSQL alone initialising and starting.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, report, startVigil } from './lib.mjs';

register();
const { startEmbeddedPostgres } = await import(path.join(ROOT, 'packages/db/src/embedded.ts'));
const runs = Number(process.env.RUNS ?? 3);
const rows = [];
for (let i = 0; i < runs; i++) {
  const base = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
  let t = performance.now();
  const pg = await startEmbeddedPostgres({ dataDir: path.join(base, 'pg'), password: 'x' });
  const bare = (performance.now() - t) / 1000;
  await pg.stop();
  rmSync(base, { recursive: true, force: true });

  const dir = mkdtempSync(path.join(tmpdir(), 'bench-vigil-'));
  const cold = await startVigil(dir);
  await cold.stop();
  const warm = await startVigil(dir);
  await warm.stop();
  rmSync(dir, { recursive: true, force: true });
  rows.push({
    run: i + 1,
    'baseline: bare embedded PG init+start (s)': +bare.toFixed(2),
    'Vigil cold start (s)': +cold.seconds.toFixed(2),
    'Vigil warm restart (s)': +warm.seconds.toFixed(2),
  });
  t = 0;
}
report('cold-start', rows);
