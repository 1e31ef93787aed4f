// `npm test`: every check and every test. Static checks and the web build run side by side,
// then vitest runs the unit, integration and e2e projects. Ends with "N passed, N failed".
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

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
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${label} (${secs}s)`);
      if (code !== 0 && !opts.inherit) console.log(out);
      resolve(code === 0);
    });
  });
}

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

mkdirSync(path.join(root, '.tmp'), { recursive: true });
const report = path.join(root, '.tmp/vitest.json');
const testsOk = await run(
  'tests (vitest: unit, integration, e2e)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile=${report}`],
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
const checksFailed = checks.filter((ok) => !ok).length;
console.log(`\nchecks: ${checks.length - checksFailed} passed, ${checksFailed} failed`);
console.log(`${passed} passed, ${failed + checksFailed} failed`);
process.exit(checksFailed === 0 && testsOk && failed === 0 ? 0 : 1);
