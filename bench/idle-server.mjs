// What a started Vigil costs with no camera and no request: CPU per thread (from
// /proc/<pid>/task/*/stat) over WINDOW seconds, SETTLE seconds after it said it was ready.
// Baseline, in the same window: a bare Node process with one idle timer. Beside them, the cost of
// the event-loop delay histogram (prom-client's collectDefaultMetrics) at its default 10 ms
// resolution and at the 1 s Vigil uses (decision 0023), each in a process of its own.
// Every process it starts is stopped at the end, on an error as well.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, report, startVigil } from './lib.mjs';

const WINDOW_S = Number(process.env.WINDOW ?? 30);
const SETTLE_S = Number(process.env.SETTLE ?? 15);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** CPU ticks (user + system, 100 a second) of each thread of `pid`, by thread id. */
function threadTicks(pid) {
  const ticks = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(tid, Number(f[11]) + Number(f[12]));
    } catch {
      // The thread has ended.
    }
  }
  return ticks;
}

/** A Node process running `code` (CommonJS, resolving from apps/server, where prom-client is). */
function nodeProcess(code) {
  const child = spawn(process.execPath, ['-e', code], {
    cwd: path.join(ROOT, 'apps/server'),
    stdio: 'ignore',
  });
  return { pid: child.pid, stop: () => child.kill('SIGKILL') };
}

// prom-client as the server resolves it (a dependency of apps/server).
const promClient = createRequire(path.join(ROOT, 'apps/server/package.json')).resolve('prom-client');
const processes = {
  'baseline: bare Node, one idle timer': nodeProcess('setInterval(() => {}, 1e6)'),
  'Node + event-loop delay histogram at 10 ms (prom-client default)': nodeProcess(
    `require(${JSON.stringify(promClient)}).collectDefaultMetrics(); setInterval(() => {}, 1e6)`,
  ),
  'Node + event-loop delay histogram at 1 s (as Vigil)': nodeProcess(
    `require(${JSON.stringify(promClient)}).collectDefaultMetrics({ eventLoopMonitoringPrecision: 1000 }); setInterval(() => {}, 1e6)`,
  ),
};
const dir = mkdtempSync(path.join(tmpdir(), 'bench-idle-'));
let vigil;
try {
  vigil = await startVigil(dir);
  processes['Vigil, no camera (npm start, every role)'] = { pid: vigil.pid };
  await sleep(SETTLE_S * 1000);
  const before = Object.fromEntries(Object.entries(processes).map(([k, p]) => [k, threadTicks(p.pid)]));
  await sleep(WINDOW_S * 1000);
  const rows = Object.entries(processes).map(([what, p]) => {
    const after = threadTicks(p.pid);
    const used = (tid) => ((after.get(tid) ?? 0) - (before[what].get(tid) ?? 0)) / WINDOW_S;
    // The main thread's id is the process's.
    const main = used(String(p.pid));
    const all = [...after.keys()].reduce((n, tid) => n + used(tid), 0);
    return {
      what,
      'CPU % of a core': +all.toFixed(2),
      'main thread %': +main.toFixed(2),
      'other threads %': +(all - main).toFixed(2),
    };
  });
  const [bare, , , server] = rows;
  report('idle-server', rows, {
    'idle server CPU (% of a core)': server['CPU % of a core'],
    'bare Node CPU (% of a core)': bare['CPU % of a core'],
  });
} finally {
  for (const p of Object.values(processes)) p.stop?.();
  await vigil?.stop();
  rmSync(dir, { recursive: true, force: true });
}
