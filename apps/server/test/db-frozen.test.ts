import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { type EmbeddedDatabase, createDb, runMigrations, startEmbeddedPostgres } from '@vigil/db';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateJobQueue } from '../src/modules/jobs/job-worker.service.ts';
import { bearer, signUp } from './harness.ts';
import { postgresProcesses as serverProcesses, signalAll } from './frozen-postgres.ts';
import { getMe, patchMe, withPg } from './helpers.ts';

/**
 * A frozen database (SIGSTOP: it accepts connections and never answers) is reported within the
 * health checks' deadline, requests end with unavailable or deadline-exceeded rather than hanging,
 * and everything works again once it thaws. The PostgreSQL is one of this file's own: freezing the
 * run's shared one would stall every other file.
 */

async function timed(request: Promise<LightMyRequestResponse>): Promise<{ res: LightMyRequestResponse; ms: number }> {
  const started = performance.now();
  const res = await request;
  return { res, ms: performance.now() - started };
}

describe('a frozen database', () => {
  let server: EmbeddedDatabase;
  let dataDir: string;
  let app: FastifyInstance;
  let token: string;
  let frozen: number[] = [];

  beforeAll(async () => {
    dataDir = path.join(mkdtempSync(path.join(inject('tmpRoot'), 'frozen-')), 'pg');
    server = await startEmbeddedPostgres({ dataDir, password: 'test' });
    const migrator = createDb(server.url, 1, { timeouts: false });
    await runMigrations(migrator.db);
    await migrator.pool.end();
    await migrateJobQueue(server.url);
    const config = loadConfig({
      NODE_ENV: 'test',
      VIGIL_DATA_DIR: path.dirname(dataDir),
      AUTH_SECRET: '5f1c9a7e3b2d4c6f8a0e1b3d5c7f9a2e4b6d8f0a',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      LOG_LEVEL: 'silent',
    });
    app = await buildApp(config, {
      databaseUrl: server.url,
      embedded: true,
      logger: false,
      readiness: () => ({ serve: true }),
    });
    await app.ready();
    token = (await signUp(app)).token;
  }, 120_000);

  afterAll(async () => {
    // Nothing may stay frozen, whatever failed above.
    signalAll(frozen, 'SIGCONT');
    await app?.close();
    await server?.stop();
  });

  it('health says so within 2 s, requests fail with unavailable or deadline-exceeded, and all recovers after', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toMatchObject({
      ready: true,
      database: 'up',
    });
    expect((await getMe(app, token)).statusCode).toBe(200);

    frozen = serverProcesses(dataDir);
    signalAll(frozen, 'SIGSTOP');
    try {
      // Requests that were already waiting on the database when the probes came.
      const reads = Array.from({ length: 12 }, () => timed(getMe(app, token)));
      const write = timed(patchMe(app, token, { displayName: 'Frozen' }));
      const ready = await timed(app.inject({ method: 'GET', url: '/api/health/ready' }));
      const live = await timed(app.inject({ method: 'GET', url: '/api/health' }));
      console.log(
        `[figure] PostgreSQL frozen: /api/health/ready ${ready.res.statusCode} in ${ready.ms.toFixed(0)} ms, /api/health ${live.res.statusCode} in ${live.ms.toFixed(0)} ms`,
      );
      expect(ready.res.statusCode).toBe(503);
      expect(ready.res.json()).toEqual({ ready: false, roles: { serve: true }, database: 'down' });
      expect(ready.ms).toBeLessThan(2000);
      expect(live.res.statusCode).toBe(503);
      expect(live.res.json()).toMatchObject({ status: 'degraded', database: 'down' });
      expect(live.ms).toBeLessThan(2000);

      // Each request ends within the pool's limits (3 s for a slot, 10 s for a reply), never hangs.
      const answered = await Promise.all([...reads, write]);
      const slowest = Math.max(...answered.map((a) => a.ms));
      const codes = new Set(answered.map((a) => `${a.res.statusCode} ${a.res.json().error?.code}`));
      console.log(
        `[figure] PostgreSQL frozen: 13 requests ended in ≤ ${slowest.toFixed(0)} ms as ${[...codes].join(', ')}`,
      );
      // A read may be answered from the session cache (the person's session and document, kept
      // until a change is announced: none can be while the database is frozen); the write cannot.
      const code = (a: (typeof answered)[number]) => `${a.res.statusCode} ${a.res.json().error?.code}`;
      const failed = (a: (typeof answered)[number]) => ['503 unavailable', '504 deadline-exceeded'].includes(code(a));
      expect(
        answered
          .slice(0, -1)
          .filter((a) => !failed(a) && code(a) !== '200 undefined')
          .map(code),
      ).toEqual([]);
      expect(code(answered.at(-1)!)).toMatch(/^(503 unavailable|504 deadline-exceeded)$/);
      expect(slowest).toBeLessThan(14_000);
    } finally {
      signalAll(frozen, 'SIGCONT');
    }

    // Thawed: health and requests (reads and a write) succeed again within seconds.
    const thawed = performance.now();
    let recovered = false;
    while (!recovered && performance.now() - thawed < 25_000) {
      const [ready, me] = await Promise.all([
        app.inject({ method: 'GET', url: '/api/health/ready' }),
        getMe(app, token),
      ]);
      recovered = ready.statusCode === 200 && me.statusCode === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 200));
    }
    expect(recovered).toBe(true);
    console.log(
      `[figure] PostgreSQL thawed: ready and serving again after ${(performance.now() - thawed).toFixed(0)} ms`,
    );
    // No connection whose reply timed out went back to the pool mid-transaction, holding its locks.
    const stale = await withPg(
      server.url,
      async (c) =>
        (
          await c.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where state like 'idle in transaction%' and pid <> pg_backend_pid()",
          )
        ).rows[0]!.n,
    );
    expect(stale).toBe(0);
    const renamed = await patchMe(app, token, { displayName: 'Thawed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).json().user).toMatchObject({
      displayName: 'Thawed',
    });
  }, 90_000);
});
