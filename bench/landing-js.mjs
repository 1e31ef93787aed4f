// First-load JavaScript, gzip-compressed, from the Vite manifest of apps/web/dist (run
// `npm run build -w @vigil/web` first): the landing page's (index.html's entry and its static
// imports: a first visit renders the landing before the app loads) and every app route's (the
// entry, the app chunk, the route's layout and gate, and the page modules its loader imports, each
// with its static imports). The whole app's JS is the baseline. ROUTES=1 prints every route.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { register } from 'tsx/esm/api';
import { ROOT, report } from './lib.mjs';

register();
const WEB = path.join(ROOT, 'apps/web');
const dist = path.join(WEB, 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const { ALL_ROUTES } = await import(path.join(WEB, 'src/app/route-table.ts'));

const sizes = new Map();
const gz = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dist, file))).length / 1024);
  return sizes.get(file);
};
const entry = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not a chunk of the build: bench/landing-js.mjs needs updating`);
  return chunk;
};
/** A chunk's file and its static imports' files, recursively. */
function closure(keys, files = new Set()) {
  for (const key of keys) {
    const chunk = entry(key);
    if (files.has(chunk.file)) continue;
    files.add(chunk.file);
    closure(chunk.imports ?? [], files);
  }
  return files;
}
const kb = (files) => +[...files].reduce((n, f) => n + gz(f), 0).toFixed(1);

// Which modules each route's loader imports, read from app/page-loaders.tsx: its SPECIFIC table
// names each path's imports, directly or through a helper above it (all of a helper's imports
// count: an upper bound for the two desks that share one). Other paths show the shell page.
const loaders = readFileSync(path.join(WEB, 'src/app/page-loaders.tsx'), 'utf8');
const importsIn = (text) =>
  [...text.matchAll(/import\('\.\.\/([^']+)'\)/g)]
    .map((m) => `src/${m[1]}`)
    .filter((k) => k !== 'src/app/page-gate.tsx');
const helpers = Object.fromEntries(
  [...loaders.matchAll(/^const (\w+) *=([\s\S]*?)(?=^(?:const|export|\/\*\*) )/gm)].map((m) => [m[1], importsIn(m[2])]),
);
const table = loaders.slice(loaders.indexOf('const SPECIFIC'), loaders.indexOf('export function pageLoader'));
const specific = new Map();
for (const m of table.matchAll(/^ {2}'([^']+)':([\s\S]*?)(?=^ {2}'|^ {2}\/\/|^};)/gm)) {
  const named = Object.keys(helpers).filter((h) => new RegExp(`\\b${h}\\b`).test(m[2]));
  specific.set(m[1], [...importsIn(m[2]), ...named.flatMap((h) => helpers[h])]);
}
const SHELL_PAGE = ['src/features/shell/pages/shell-page.tsx'];

const landing = closure(['index.html']);
const app = closure(['src/app/start-app.tsx'], new Set(landing));
const routes = ALL_ROUTES.filter((r) => r.path !== '/').map((r) => {
  const keys = [
    ...(r.layout !== 'landing' && r.layout !== 'bare' ? ['src/app/layouts/app-layout.tsx'] : []),
    ...(r.requiresAuth ? ['src/app/page-gate.tsx'] : []),
    ...(specific.get(r.path) ?? SHELL_PAGE),
  ];
  const files = closure(keys, new Set(app));
  return { route: r.path, 'KB gzip': kb(files), files: files.size };
});
routes.sort((a, b) => b['KB gzip'] - a['KB gzip']);
if (process.env.ROUTES) console.table(routes);

const all = Object.values(manifest).filter((c) => c.file.endsWith('.js'));
const largest = routes[0];
const figures = {
  'landing first-load JS (KB gzip)': kb(landing),
  'largest app route first-load JS (KB gzip)': largest['KB gzip'],
};
report(
  'landing-js',
  [
    { what: 'landing first-load JS (KB gzip)', value: figures['landing first-load JS (KB gzip)'], files: landing.size },
    {
      what: `largest app route first-load JS (KB gzip): ${largest.route}`,
      value: largest['KB gzip'],
      files: largest.files,
    },
    { what: 'smallest app route first-load JS (KB gzip)', value: routes.at(-1)['KB gzip'], files: routes.at(-1).files },
    { what: 'baseline: all JS of the app (KB gzip)', value: kb(new Set(all.map((c) => c.file))), files: all.length },
  ],
  figures,
);
