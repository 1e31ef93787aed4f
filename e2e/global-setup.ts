import type {} from 'vitest';
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type RunResource, oncePerRun } from '../apps/server/test/once-per-run.ts';
import { ADMIN } from './fixtures/accounts.ts';
import { ROOT, freePort, startServer } from './fixtures/server.ts';

/**
 * One Vigil server (embedded PostgreSQL, built web app) for the e2e run: both e2e projects (the
 * files that run two at a time and those that run alone) list this file, and test the one server.
 */
export default function setup(project: TestProject) {
  return oncePerRun(project, 'e2e-server', startE2eServer);
}

async function startE2eServer(): Promise<RunResource> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    execSync('npm run build -w @vigil/web', { cwd: ROOT, stdio: 'inherit' });
  }
  // The VMS dashboard's map draws tiles from MAP_TILE_URL: a port kept for the tile server
  // vms.e2e.ts starts there (fixtures/tile-server.ts); nothing listens on it otherwise, so no
  // other spec's page waits on tiles.
  const mapTilePort = await freePort();
  const server = await startServer({
    env: {
      MAP_TILE_URL: `http://127.0.0.1:${mapTilePort}/{z}/{x}/{y}.png`,
      // One software H.265 → H.264 rendition at a time whatever the machine: h265.e2e.ts sees the cap.
      VIGIL_MAX_SOFTWARE_TRANSCODES: '1',
      // Whom to ask for help: shown on the about, error and refusal pages, the account menu and in mail.
      SUPPORT_EMAIL: 'help@vigil.test',
      SUPPORT_PHONE: '+33 1 23 45 67 89',
    },
  });
  // The first account of an installation becomes admin: create it before any test signs up.
  const res = await fetch(`${server.url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, displayName: 'Ada Admin', timezone: 'Europe/Paris' }),
  });
  if (res.status !== 201) {
    await server.stop();
    throw new Error(`admin sign-up failed: ${res.status} ${await res.text()}`);
  }
  return {
    provide: { baseUrl: server.url, mapTilePort, dataDir: server.dataDir },
    stop: async () => {
      // A 500 seen by a spec is easier to mend with the server's own account of it: every error
      // the server logged during the run is printed at the end (LOG_LEVEL=warn keeps the log short).
      const failures = server
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line));
      if (failures.length) console.error(`[e2e server] ${failures.length} error(s) logged:\n${failures.join('\n')}`);
      await server.stop();
    },
  };
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
