import { migrateJobQueue } from '../src/modules/jobs/job-worker.service.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEMPLATE_DB, createDb, runMigrations, startEmbeddedPostgres, withDatabase } from '@vigil/db';
import { connectPg } from './helpers.ts';
import { type RunResource, oncePerRun } from './once-per-run.ts';

/**
 * One real PostgreSQL per test run, shared by the integration and isolated projects. Migrations are
 * applied once to a template database; each test file clones it (see test/harness.ts), so files run
 * in parallel in isolation.
 */
export default function setup(project: TestProject) {
  return oncePerRun(project, 'postgres', startPostgres);
}

async function startPostgres(): Promise<RunResource> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-it-'));
  const external = process.env.TEST_DATABASE_URL;
  const server = external ? null : await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: 'test' });
  const adminUrl = external ?? server!.url;

  const admin = await connectPg(adminUrl);
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const { db, pool } = createDb(withDatabase(adminUrl, TEMPLATE_DB), 1);
  await runMigrations(db);
  await pool.end();
  // The job queue's schema too: every cloned database can enqueue.
  await migrateJobQueue(withDatabase(adminUrl, TEMPLATE_DB));

  return {
    provide: { pgAdminUrl: adminUrl, tmpRoot: dir },
    async stop() {
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    tmpRoot: string;
  }
}
