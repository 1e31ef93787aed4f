import type {} from 'vitest';
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ADMIN } from './fixtures/accounts.ts';
import { ROOT, freePort, startServer } from './fixtures/server.ts';

/** One Vigil server (embedded PostgreSQL, built web app) for the e2e run. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    execSync('npm run build -w @vigil/web', { cwd: ROOT, stdio: 'inherit' });
  }
  // The VMS dashboard's map (issue 13) draws tiles from MAP_TILE_URL: a port kept for the tile
  // server vms.e2e.ts starts there (fixtures/tile-server.ts); nothing listens on it otherwise.
  const mapTilePort = await freePort();
  const server = await startServer({ env: { MAP_TILE_URL: `http://127.0.0.1:${mapTilePort}/{z}/{x}/{y}.png` } });
  project.provide('baseUrl', server.url);
  project.provide('mapTilePort', mapTilePort);
  project.provide('dataDir', server.dataDir);
  // The first account of an installation becomes admin: create it before any test signs up.
  const res = await fetch(`${server.url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, displayName: 'Ada Admin', timezone: 'Europe/Paris' }),
  });
  if (res.status !== 201) throw new Error(`admin sign-up failed: ${res.status} ${await res.text()}`);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The e2e server's data folder (its embedded PostgreSQL, for fixtures that act behind the API). */
    dataDir: string;
    /** The port MAP_TILE_URL of the e2e server points at (a spec starts its tile server there). */
    mapTilePort: number;
  }
}
