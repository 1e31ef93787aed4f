import type {} from 'vitest';
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, startServer } from './fixtures/server.ts';

/** One Vigil server (embedded PostgreSQL, built web app) for the e2e run. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    execSync('npm run build -w @vigil/web', { cwd: ROOT, stdio: 'inherit' });
  }
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
