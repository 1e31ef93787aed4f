// `npm start`: build the web app when its sources are newer than the build, then run the
// server in this same process (so a signal to this process reaches the server directly). The
// npm script execs node: npm forwards SIGTERM to its child, which must be this process, not a shell.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/shared/src',
];
const stale =
  !existsSync(built) || Math.max(...sources.map((s) => newest(path.join(root, s)))) > statSync(built).mtimeMs;
if (stale && !process.env.VIGIL_SKIP_WEB_BUILD) {
  console.log('Building the web app…');
  execSync('npm run build -w @vigil/web', { cwd: root, stdio: 'inherit' });
}

process.env.NODE_ENV ??= 'production';
// A built install runs the server bundle (`npm run build`): no TypeScript is compiled at start,
// which was most of a cold start. Sources newer than the bundle (a checkout being worked on) run
// through tsx as before; VIGIL_FROM_SOURCE=1 insists on the sources.
const bundle = path.join(root, 'apps/server/dist/main.js');
const serverSources = ['apps/server/src', 'packages/db/src', 'packages/shared/src'];
const bundleFresh =
  !process.env.VIGIL_FROM_SOURCE &&
  existsSync(bundle) &&
  Math.max(...serverSources.map((s) => newest(path.join(root, s)))) <= statSync(bundle).mtimeMs;
if (bundleFresh) {
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(path.join(root, 'apps/server/src/main.ts'));
}
