// First-load JavaScript of the landing page: every script and modulepreload that
// apps/web/dist/index.html pulls in, gzip-compressed, beside the whole app's JS as baseline.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, report } from './lib.mjs';

const dist = path.join(ROOT, 'apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const first = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;
const firstKb = first.reduce((n, f) => n + gz(f), 0);
const all = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const allKb = all.reduce((n, f) => n + gz(path.join('assets', f)), 0);
report(
  'landing-js',
  [
    { what: 'landing first-load JS (KB gzip)', value: +firstKb.toFixed(1), files: first.length },
    { what: 'baseline: all JS of the app (KB gzip)', value: +allKb.toFixed(1), files: all.length },
  ],
  { 'landing first-load JS (KB gzip)': +firstKb.toFixed(1) },
);
