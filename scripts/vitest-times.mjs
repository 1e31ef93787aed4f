// A Vitest reporter: wall-clock seconds of each project (its first file handed to a worker to its last
// file's end) and of each file (handed to a worker, so its imports, browser launch and hooks count,
// to its end), printed at the end of the run and written to .tmp/vitest-times.json for
// scripts/test.mjs and for comparing runs. Vitest's JSON report times only the tests themselves.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TIMES_FILE = path.join(ROOT, '.tmp/vitest-times.json');

export default class VitestTimes {
  /** Vitest makes its reporters before the global setups run: the whole run counts from here. */
  runStart = Date.now();
  /** @type {Map<string, { project: string, file: string, start: number, end?: number, state?: string }>} */
  files = new Map();
  /** Tests that failed and then passed on their retry (vitest.config.ts `retry`): named, never hidden. */
  flaky = [];

  onTestCaseResult(testCase) {
    const d = testCase.diagnostic();
    if (!d?.flaky) return;
    this.flaky.push({
      project: testCase.project.name,
      file: path.relative(ROOT, testCase.module.moduleId),
      test: testCase.fullName,
      retries: d.retryCount,
      // The runner keeps an earlier try's errors on a test that passed on its retry.
      firstError: (testCase.task.result?.errors ?? []).map((e) => String(e.message).split('\n')[0]).slice(0, 2),
    });
  }

  onTestModuleQueued(module) {
    this.files.set(module.id, {
      project: module.project.name,
      file: path.relative(ROOT, module.moduleId),
      start: Date.now(),
    });
  }

  onTestModuleEnd(module) {
    const entry = this.files.get(module.id);
    if (!entry) return;
    entry.end = Date.now();
    entry.state = module.state();
  }

  onTestRunEnd() {
    const end = Date.now();
    const files = [...this.files.values()].map((f) => ({
      project: f.project,
      file: f.file,
      seconds: ((f.end ?? end) - f.start) / 1000,
      state: f.state ?? 'unfinished',
    }));
    const projects = [];
    for (const name of [...new Set(files.map((f) => f.project))]) {
      const own = [...this.files.values()].filter((f) => f.project === name);
      const first = Math.min(...own.map((f) => f.start));
      const last = Math.max(...own.map((f) => f.end ?? end));
      projects.push({ project: name, files: own.length, seconds: (last - first) / 1000 });
    }
    const total = (end - this.runStart) / 1000;
    mkdirSync(path.dirname(TIMES_FILE), { recursive: true });
    writeFileSync(
      TIMES_FILE,
      `${JSON.stringify({ seconds: total, projects, flaky: this.flaky, files: files.sort((a, b) => b.seconds - a.seconds) }, null, 2)}\n`,
    );
    console.log('\nvitest projects (wall clock, first file started to last file ended; a group runs side by side):');
    for (const p of projects) {
      console.log(`  ${p.project.padEnd(12)} ${p.seconds.toFixed(1).padStart(7)}s  ${p.files} files`);
    }
    console.log(`  ${'vitest'.padEnd(12)} ${total.toFixed(1).padStart(7)}s  whole run, global setups included`);
    if (this.flaky.length) {
      console.log(`\nflaky: ${this.flaky.length} test(s) failed, then passed on a retry (each a fault to find):`);
      for (const f of this.flaky) {
        console.log(`  [${f.project}] ${f.file} > ${f.test}`);
        for (const e of f.firstError) console.log(`      first try: ${e}`);
      }
    } else console.log('\nflaky: none (no test needed its retry)');
  }
}
