// `npm test`: every check and every test. Static checks and the web build run side by side,
// then vitest runs the unit, integration and e2e projects. Each stage prints its seconds (the vitest
// projects theirs, through scripts/vitest-times.mjs). Ends with "N passed, N failed".
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
/** Each stage's seconds, printed together at the end. */
const stageTimes = [];

function run(label, cmd, args, opts = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: opts.inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      stageTimes.push([label, secs]);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${label} (${secs}s)`);
      if (code !== 0 && !opts.inherit) console.log(out);
      resolve(code === 0);
    });
  });
}

const checksStarted = Date.now();
const checks = await Promise.all([
  run('lint and format (biome)', bin('biome'), ['check', '.']),
  run('types: shared', bin('tsc'), ['--noEmit', '-p', 'packages/shared']),
  run('types: db', bin('tsc'), ['--noEmit', '-p', 'packages/db']),
  run('types: server', bin('tsc'), ['--noEmit', '-p', 'apps/server']),
  run('types: web', bin('tsc'), ['--noEmit', '-p', 'apps/web']),
  run('types: e2e', bin('tsc'), ['--noEmit', '-p', 'e2e']),
  run('layer rules (dependency-cruiser)', bin('depcruise'), [
    'apps',
    'packages',
    'e2e',
    '--config',
    '.dependency-cruiser.cjs',
  ]),
  run('web build', 'npm', ['run', 'build', '-w', '@vigil/web']),
]);
stageTimes.push(['checks and web build, side by side', ((Date.now() - checksStarted) / 1000).toFixed(1)]);

mkdirSync(path.join(root, '.tmp'), { recursive: true });
const report = path.join(root, '.tmp/vitest.json');
const timesFile = path.join(root, '.tmp/vitest-times.json');
// A previous run's times must not stand in for a run that stopped before writing its own.
rmSync(timesFile, { force: true });
const testsOk = await run(
  'tests (vitest: unit, integration, e2e)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', '--reporter=./scripts/vitest-times.mjs', `--outputFile=${report}`],
  { inherit: true },
);

let passed = 0;
let failed = 0;
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests + (r.numTotalTestSuites > 0 && r.success === false && r.numFailedTests === 0 ? 1 : 0);
} catch {
  failed += 1;
}
// A run that failed before any test (a global setup error) still counts as a failure.
if (!testsOk && failed === 0) failed = 1;
try {
  const times = JSON.parse(readFileSync(timesFile, 'utf8'));
  for (const p of times.projects) stageTimes.push([`vitest project ${p.project}`, p.seconds.toFixed(1)]);
} catch {
  // No times when vitest stopped before its reporters ran: its own line above still has the total.
}
console.log('\nstage times:');
for (const [label, secs] of stageTimes) console.log(`  ${label.padEnd(40)} ${secs.padStart(7)}s`);
const checksFailed = checks.filter((ok) => !ok).length;
console.log(`\nchecks: ${checks.length - checksFailed} passed, ${checksFailed} failed`);
console.log(`${passed} passed, ${failed + checksFailed} failed`);
process.exit(checksFailed === 0 && testsOk && failed === 0 ? 0 : 1);
