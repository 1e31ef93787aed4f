// Shared bits of the benchmarks: start Vigil as `npm start` does, and print/save results.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
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
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export function report(name, rows) {
  console.log(`\n${name}`);
  console.table(rows);
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ name, at: new Date().toISOString(), rows }, null, 2));
}
