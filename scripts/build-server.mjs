// `npm run build` (server half): an ES module bundle of the server, apps/server/dist/main.js (and its chunks), that
// production processes run with plain `node` — no TypeScript at run time. The workspace packages
// (@vigil/db, @vigil/shared: TypeScript sources) are bundled in; every npm dependency stays an
// import of node_modules (native addons, the ffmpeg and PostgreSQL binaries, the AWS SDK).
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'apps/server/dist');
rmSync(outdir, { recursive: true, force: true });

const started = performance.now();
await build({
  entryPoints: { main: path.join(root, 'apps/server/src/main.ts') },
  // Code a process may never run (WebRTC, PDF, the S3 client) is imported where it is first used;
  // split, each such import is a chunk of its own that loads its npm packages with it, instead of
  // every package being imported at start (decision 0021). Chunks sit beside main.js, so paths
  // taken from import.meta.url are the same in every file.
  outdir,
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  // Bundled packages that still call require() get one (pino's transports, for instance).
  banner: {
    js: "import { createRequire as __vigilRequire } from 'node:module'; const require = __vigilRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'node-modules-stay-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@vigil/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// The local detector's worker thread starts from a file of its own (plain JavaScript: npm imports and its model file).
for (const file of ['detector-worker.mjs', 'centernet.mjs', 'centernet-graph.mjs'])
  copyFileSync(path.join(root, 'apps/server/src/ai', file), path.join(outdir, file));
console.log(`server bundle: apps/server/dist/main.js in ${Math.round(performance.now() - started)} ms`);
