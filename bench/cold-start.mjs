// Cold `npm start` to ready: a fresh data directory (initdb + migrations) and a warm restart,
// beside the baseline of the embedded PostgreSQL alone initialising and starting.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, report, startVigil } from './lib.mjs';

const runs = Number(process.env.RUNS ?? 3);
const rows = [];
for (let i = 0; i < runs; i++) {
  // In its own process: run in this one, the embedded server's handlers made the next Vigil start hang.
  const bare = JSON.parse(
    execFileSync(process.execPath, [path.join(ROOT, 'bench/fixtures/bare-pg.mjs')], { encoding: 'utf8' }),
  ).seconds;

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
}
report('cold-start', rows);
