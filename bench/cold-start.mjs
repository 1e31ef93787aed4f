// `npm start` to ready on a built install: a fresh data directory (initdb + migrations) and a warm
// restart on the existing one (the figure with a budget), beside the baseline of the embedded
// PostgreSQL alone initialising and starting, in the same run. The server bundle is built first
// when the sources are newer (a built install runs it); one warm restart from the sources (tsx)
// shows what the bundle saves. Each row carries the server's own startup line (its phases).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, report, startVigil } from './lib.mjs';

const runs = Number(process.env.RUNS ?? 3);
execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit', cwd: ROOT });
const phasesOf = (v) =>
  (v.output().match(/startup: (.*); ready/) ?? [])[1]?.replace(/ (\d)/g, ' $1').replace(/s,/g, ',') ?? '';

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
  const fromSource = i === 0 ? await startVigil(dir, { VIGIL_FROM_SOURCE: '1' }) : null;
  await fromSource?.stop();
  rmSync(dir, { recursive: true, force: true });
  rows.push({
    run: i + 1,
    'baseline: bare embedded PG init+start (s)': +bare.toFixed(2),
    'Vigil cold start (s)': +cold.seconds.toFixed(2),
    'Vigil warm restart (s)': +warm.seconds.toFixed(2),
    'warm from sources, tsx (s)': fromSource ? +fromSource.seconds.toFixed(2) : '',
    'warm phases (s)': phasesOf(warm),
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
report('cold-start', rows, {
  'warm restart (s)': median(rows.map((r) => r['Vigil warm restart (s)'])),
  'bare embedded PG init+start (s)': median(rows.map((r) => r['baseline: bare embedded PG init+start (s)'])),
});
