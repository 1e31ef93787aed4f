// `npm run bench -- --check`: runs each bench bench/budget.json names (once, with its quick
// settings, one after another), then compares the figures they reported in this run with their
// budgets. Exit 1 when a figure is over (or under) its budget, 2 when none is but some figure was
// not measured (its bench failed or does not report it yet), 0 when every budget is met.
// Machine noise is why this is not part of `npm test`: run it on a quiet machine.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const budget = JSON.parse(readFileSync(path.join(ROOT, 'bench/budget.json'), 'utf8'));
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const benches = [...new Set(budget.budgets.map((b) => b.bench))].filter((b) => !only.length || only.includes(b));
const started = Date.now();
const failed = new Set();

for (const bench of benches) {
  const file = path.join(ROOT, 'bench', `${bench}.mjs`);
  if (!existsSync(file)) {
    failed.add(bench);
    continue;
  }
  try {
    execFileSync(process.execPath, [file], {
      stdio: 'inherit',
      cwd: ROOT,
      env: { ...process.env, ...(budget.quick?.[bench] ?? {}) },
    });
  } catch {
    failed.add(bench);
  }
}

/** The figures a bench reported in this run (none when its result is older than the check). */
function figuresOf(bench) {
  const file = path.join(ROOT, 'bench/results', `${bench}.json`);
  if (!existsSync(file)) return {};
  const result = JSON.parse(readFileSync(file, 'utf8'));
  return Date.parse(result.at) >= started ? (result.figures ?? {}) : {};
}

let over = 0;
let unmeasured = 0;
const rows = budget.budgets
  .filter((b) => benches.includes(b.bench))
  .map((b) => {
    const value = figuresOf(b.bench)[b.figure];
    const limit = b.max !== undefined ? `≤ ${b.max}` : `≥ ${b.min}`;
    let verdict;
    if (typeof value !== 'number') {
      unmeasured += 1;
      verdict = failed.has(b.bench) ? 'NOT MEASURED (bench failed or missing)' : 'NOT MEASURED (figure not reported)';
    } else if ((b.max !== undefined && value > b.max) || (b.min !== undefined && value < b.min)) {
      over += 1;
      verdict = 'OVER BUDGET';
    } else verdict = 'ok';
    return { bench: b.bench, figure: b.figure, value: value ?? '—', budget: limit, verdict };
  });
console.log('\nbudget check');
console.table(rows);
console.log(`${rows.length - over - unmeasured} within budget, ${over} over, ${unmeasured} not measured`);
process.exit(over ? 1 : unmeasured ? 2 : 0);
