// Time-zone maths: packages/shared/src/time-zone.ts (Intl, no library) against the Temporal
// polyfills on the real operations — a wall time → its instant in a zone (report periods,
// schedules' next change) and an instant → its wall clock (arming checks) — over two years
// of instants and the hours around each DST change, and what each costs the web's bundle
// (packages/shared is bundled into it): minified + gzip, as esbuild bundles it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ROOT, report } from './lib.mjs';

const ZONES = ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'America/Sao_Paulo'];
const HELPER = path.join(ROOT, 'packages/shared/src/time-zone.ts');
const work = mkdtempSync(path.join(tmpdir(), 'vigil-tz-bench-'));

/** Bundles `source` (ESM) into one file: minified for its size, loaded for its speed. */
async function bundle(name, source) {
  const entry = path.join(work, `${name}-entry.mjs`);
  writeFileSync(entry, source);
  const out = path.join(work, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    nodePaths: [path.join(ROOT, 'node_modules')],
    logLevel: 'error',
  });
  const bytes = readFileSync(out);
  return { mod: await import(pathToFileURL(out).href), kb: +(gzipSync(bytes).length / 1024).toFixed(1) };
}

const helper = await bundle('helper', `export { instantOfWall, wallClock } from ${JSON.stringify(HELPER)};`);
const polyfills = {
  'temporal-polyfill': await bundle('fullcalendar', `export { Temporal } from 'temporal-polyfill';`),
  '@js-temporal/polyfill': await bundle('js-temporal', `export { Temporal } from '@js-temporal/polyfill';`),
};

// Two years of instants every 7 h 13 min, and every 5 minutes of the 6 hours around each DST change.
const START = Date.UTC(2025, 0, 1);
const instants = [];
for (let t = START; t < START + 2 * 365 * 86_400_000; t += 26_000_000) instants.push(t);
const transitions = [];
for (const tz of ZONES) {
  let prev = helper.mod.wallClock(tz, START) - START;
  for (let t = START; t < START + 2 * 365 * 86_400_000; t += 3_600_000) {
    const off = helper.mod.wallClock(tz, t) - t;
    if (off !== prev) transitions.push(t);
    prev = off;
  }
}
for (const at of transitions) for (let t = at - 3 * 3_600_000; t < at + 3 * 3_600_000; t += 300_000) instants.push(t);
// Wall times: the wall clocks of those instants (so the gap and the repeated hour are both met).
const walls = ZONES.flatMap((tz) => instants.map((t) => [tz, helper.mod.wallClock(tz, t)]));
const reads = ZONES.flatMap((tz) => instants.map((t) => [tz, t]));

function time(fn, items) {
  for (const it of items.slice(0, 2000)) fn(it); // warm up (and fill each library's zone cache)
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const t0 = performance.now();
    for (const it of items) fn(it);
    best = Math.min(best, performance.now() - t0);
  }
  return +((best * 1e6) / items.length).toFixed(0); // ns per operation, the best of 5 rounds
}

const utcOf = (wall) => {
  const d = new Date(wall);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
};
const rows = [];
const h = helper.mod;
rows.push({
  what: 'helper (Intl): wall → instant (ns/op)',
  value: time(([tz, wall]) => h.instantOfWall(tz, wall), walls),
});
rows.push({ what: 'helper (Intl): instant → wall (ns/op)', value: time(([tz, t]) => h.wallClock(tz, t), reads) });
rows.push({ what: 'helper: bundle cost (KB min+gzip)', value: helper.kb });
for (const [name, { mod, kb }] of Object.entries(polyfills)) {
  const { Temporal } = mod;
  const toInstant = ([tz, wall]) =>
    Temporal.PlainDateTime.from(utcOf(wall)).toZonedDateTime(tz, { disambiguation: 'compatible' }).epochMilliseconds;
  const toWall = ([tz, t]) => {
    const z = Temporal.Instant.fromEpochMilliseconds(t).toZonedDateTimeISO(tz);
    return Date.UTC(z.year, z.month - 1, z.day, z.hour, z.minute, z.second);
  };
  // The same answers, or the choice is not between equals.
  let differ = 0;
  for (const w of walls) if (toInstant(w) !== h.instantOfWall(w[0], w[1])) differ++;
  for (const r of reads) if (toWall(r) !== h.wallClock(r[0], r[1])) differ++;
  rows.push({ what: `${name}: wall → instant (ns/op)`, value: time(toInstant, walls) });
  rows.push({ what: `${name}: instant → wall (ns/op)`, value: time(toWall, reads) });
  rows.push({ what: `${name}: bundle cost (KB min+gzip)`, value: kb });
  rows.push({ what: `${name}: answers unlike the helper's`, value: differ, of: walls.length + reads.length });
}
rmSync(work, { recursive: true, force: true });
rows.unshift({
  what: `instants per zone (${ZONES.length} zones, ${transitions.length} DST changes)`,
  value: instants.length,
});
report('time-zone', rows);
