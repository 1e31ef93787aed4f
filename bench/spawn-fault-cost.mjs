// What a child process costs the process that spawns it, after the spawn: Node 20's libuv (1.46)
// forks, and every page the parent then writes faults once more. Here 64 cameras' worth of motion
// detector arrays (96×54 floats, three arrays each, as video/motion-detector.ts keeps them) are
// written all over, RUNS times with nothing spawned (the baseline) and RUNS times right after a
// spawn of `sleep`, in a process whose heap holds HEAP_OBJECTS small objects (a server's heap);
// then RUNS times right after the same `sleep` was started by the server's command helper
// (video/spawn-helper.ts), which forks in its own small process instead. Decision 0023. Every
// child ends before the bench does.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, report } from './lib.mjs';

register();
const { SpawnHelper } = await import(path.join(ROOT, 'apps/server/src/video/spawn-helper.ts'));

const RUNS = Number(process.env.RUNS ?? 20);
const HEAP_OBJECTS = Number(process.env.HEAP_OBJECTS ?? 2_000_000);
const PIXELS = 96 * 54;

const cameras = Array.from({ length: 64 }, () => ({
  blurred: new Float32Array(PIXELS),
  since: new Float64Array(PIXELS),
  background: new Float32Array(PIXELS),
}));
const heap = [];
for (let i = 0; i < HEAP_OBJECTS; i++) heap.push({ i, s: `x${i}` });

/** Milliseconds to write every camera's arrays once. */
function writeAll() {
  const t0 = performance.now();
  for (const { blurred, since, background } of cameras) {
    for (let i = 0; i < PIXELS; i++) {
      blurred[i] += 1;
      since[i] = i;
      background[i] = blurred[i] * 0.5;
    }
  }
  return performance.now() - t0;
}

for (let k = 0; k < 5; k++) writeAll(); // compiled and every page present
let quiet = 0;
for (let k = 0; k < RUNS; k++) quiet += writeAll();
let afterSpawn = 0;
for (let k = 0; k < RUNS; k++) {
  const child = spawn('sleep', ['0.05'], { stdio: ['ignore', 'pipe', 'pipe'] });
  afterSpawn += writeAll();
  await new Promise((resolve) => child.on('close', resolve));
}
const helper = new SpawnHelper();
await helper.run('true', [], 5000); // the helper started (the server's one fork)
let throughHelper = 0;
for (let k = 0; k < RUNS; k++) {
  const done = helper.run('sleep', ['0.05'], 5000);
  // The helper forks on its message: give it the time the direct spawn above blocked for.
  await new Promise((resolve) => setTimeout(resolve, 5));
  throughHelper += writeAll();
  await done;
}
helper.stop();
const rssMb = process.memoryUsage().rss / 1e6;
report('spawn-fault-cost', [
  { what: 'baseline: write 64 cameras’ detector arrays, nothing spawned (ms)', value: +(quiet / RUNS).toFixed(2) },
  { what: 'the same, right after a spawn (ms)', value: +(afterSpawn / RUNS).toFixed(2) },
  { what: 'ratio', value: +(afterSpawn / quiet).toFixed(1) },
  { what: 'the same, right after the command helper spawned (ms)', value: +(throughHelper / RUNS).toFixed(2) },
  { what: 'ratio through the helper', value: +(throughHelper / quiet).toFixed(1) },
  { what: 'the process’s resident memory (MB)', value: +rssMb.toFixed(0) },
]);
heap.length = 0;
