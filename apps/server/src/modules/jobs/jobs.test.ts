import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { createDb } from '@vigil/db';
import type { DeadJob } from '@vigil/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import { exportWorker, type TestWorker, waitForJobsToRun } from '../../../test/job-helpers.ts';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { insertCamera, waitFor } from '../../../test/recorder-helpers.ts';
import { insertSegment } from '../../video/camera-writes.ts';
import { startWork } from '../../work.ts';
import { enqueue } from './jobs.service.ts';

/** The job queue on the real PostgreSQL: retries, dead letters, exclusivity, the retention schedule. */
describe('job queue', () => {
  let t: TestApp;
  let conn: ReturnType<typeof createDb>;
  let admin: { token: string };
  const workers: TestWorker[] = [];
  /** What the test tasks saw: runs per key, and how many ran at once. */
  const runs = new Map<string, number>();
  const times = new Map<string, number[]>();
  const active = new Set<string>();
  let overlapped = false;
  let mostAtOnce = 0;
  let failUntil = 0;
  /** Exports that take long enough for the dead-worker reaper to pass over them while they run. */
  const slow = new Set<string>();
  /** Every test stops the workers it started, whatever happens, so the next test's queue is its own. */
  const stopAll = async () => {
    for (const w of workers.splice(0)) await w.stop();
  };

  const worker = () => {
    const w = exportWorker({
      databaseUrl: t.databaseUrl,
      db: conn.db,
      media: undefined as never,
      storage: undefined as never,
      workDir: mkdtempSync(path.join(inject('tmpRoot'), 'jobs-')),
      log: () => {},
      tasks: {
        // Stands in for an export: slow enough that a second worker would overlap it.
        export: async ({ id }) => {
          if (active.has(id)) overlapped = true;
          active.add(id);
          mostAtOnce = Math.max(mostAtOnce, active.size);
          runs.set(id, (runs.get(id) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, slow.has(id) ? 2500 : 300));
          active.delete(id);
        },
        'retention-workspace': async ({ workspaceId }) => {
          runs.set(workspaceId, (runs.get(workspaceId) ?? 0) + 1);
          times.set(workspaceId, [...(times.get(workspaceId) ?? []), Date.now()]);
          if (runs.get(workspaceId)! <= failUntil)
            throw new Error('camera rtsp://admin:hunter2@10.0.0.5/stream refused the connection');
        },
      },
    });
    workers.push(w);
    return w;
  };
  const failed = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/admin/jobs/failed', headers: bearer(admin.token) })).json<{
      items: DeadJob[];
    }>().items;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app, { displayName: 'Admin' }); // first account: the administrator
    conn = createDb(t.databaseUrl, 2);
  });
  afterEach(stopAll);
  afterAll(async () => {
    await conn.pool.end();
    await t.close();
  });

  it('a failing job is retried with backoff, then dead-lettered; an administrator sees it (redacted) and retries it', async () => {
    const w = worker();
    await w.start();
    failUntil = 2;
    await enqueue(conn.db, 'retention-workspace', { workspaceId: 'ws-fails' }, { maxAttempts: 2 });
    const [dead] = await waitFor(
      async () => {
        const items = await failed();
        return items.length ? items : undefined;
      },
      20_000,
      'the job to be dead-lettered',
    );
    expect(runs.get('ws-fails')).toBe(2);
    expect(dead).toMatchObject({ task: 'retention-workspace', attempts: 2, maxAttempts: 2 });
    expect(dead!.payload).toBe('{"workspaceId":"ws-fails"}');
    expect(dead!.lastError).toContain('refused the connection');
    expect(dead!.lastError).not.toContain('hunter2');
    // Attempts were spaced by the queue's backoff (e^attempts seconds), not run back to back.
    const [first, second] = times.get('ws-fails')!;
    expect(second! - first!).toBeGreaterThan(2000);

    // Retry: it runs again (and succeeds: only the first two attempts fail), and leaves the list.
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/jobs/failed/${dead!.id}/retry`,
      headers: bearer(admin.token),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    await waitFor(() => runs.get('ws-fails') === 3, 10_000, 'the retried run');
    await waitFor(async () => (await failed()).length === 0, 5000, 'the list to empty');
    // Unknown or not-dead jobs: not-found, never a 5xx.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/jobs/failed/${dead!.id}/retry`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(404);
  }, 40_000);

  it('a dead job can be discarded; non-admins get permission-denied', async () => {
    failUntil = 10;
    const w = worker();
    await w.start();
    await enqueue(conn.db, 'retention-workspace', { workspaceId: 'ws-discard' }, { maxAttempts: 1 });
    const [dead] = await waitFor(
      async () => {
        const items = (await failed()).filter((j) => j.payload.includes('ws-discard'));
        return items.length ? items : undefined;
      },
      10_000,
      'the job to be dead-lettered',
    );
    const someone = await signUp(t.app, { displayName: 'Not admin' });
    for (const url of ['/api/v1/admin/jobs/failed', `/api/v1/admin/jobs/failed/${dead!.id}`]) {
      const res = await t.app.inject({
        method: url.endsWith('failed') ? 'GET' : 'DELETE',
        url,
        headers: bearer(someone.token),
      });
      expect(res.statusCode).toBe(403);
    }
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/jobs/failed/${dead!.id}`,
      headers: bearer(admin.token),
    });
    expect(gone.statusCode).toBe(200);
    expect((await failed()).some((j) => j.id === dead!.id)).toBe(false);
  }, 30_000);

  it('two workers never run one export at once, and each export exactly once', async () => {
    mostAtOnce = 0;
    const ids = Array.from({ length: 12 }, (_, i) => `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`);
    for (const id of ids) await enqueue(conn.db, 'export', { id }, { jobKey: `export:${id}` });
    // The same export asked twice while queued is still one job (its key).
    await enqueue(conn.db, 'export', { id: ids[0]! }, { jobKey: `export:${ids[0]}` });
    const [a, b] = [worker(), worker()];
    await Promise.all([a.start(), b.start()]);
    await waitFor(() => ids.every((id) => runs.get(id) === 1), 20_000, 'every export to run');
    // Gone from the queue, none can run again: then the counts are final.
    await waitForJobsToRun(conn.db, 'export');
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    // Several ran at once across the two workers, but never one export twice at the same time.
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(overlapped).toBe(false);
  }, 30_000);

  it('a worker whose registration lapsed never has its own running job taken from it and run again', async () => {
    overlapped = false;
    const id = '00000000-0000-4000-8000-000000000100';
    slow.add(id);
    await enqueue(conn.db, 'export', { id }, { jobKey: `export:${id}` });
    await worker().start();
    await waitFor(() => active.has(id), 10_000, 'the export to start');
    // Past the reaper's grace (500 ms here), its process's registration is gone, as when a heartbeat
    // missed the database: another process would now retry the job; its own process must not.
    await new Promise((r) => setTimeout(r, 700));
    await conn.db.execute(sql`delete from vigil_nodes`);
    await waitForJobsToRun(conn.db, 'export');
    expect(runs.get(id)).toBe(1);
    expect(overlapped).toBe(false);
  }, 30_000);

  it('the work role schedules the retention sweep each minute and runs one at start', async () => {
    const owner = await signUp(t.app, { displayName: 'Retention' });
    const cam = await insertCamera(conn.db, owner.workspace.id, { name: 'Old footage', retentionDays: 1 });
    const old = new Date(Date.now() - 3 * 86_400_000);
    await insertSegment(conn.db, {
      cameraId: cam.id,
      workspaceId: owner.workspace.id,
      kind: 'continuous',
      startAt: old,
      endAt: new Date(old.getTime() + 10_000),
      bytes: 1000,
      path: `${owner.workspace.id}/${cam.id}/segments/old.mp4`,
      initBytes: 10,
    });
    const work = await startWork({
      databaseUrl: t.databaseUrl,
      config: { ...t.config, mediaDir: mkdtempSync(path.join(inject('tmpRoot'), 'media-')) },
      nodeId: crypto.randomUUID(),
      workDir: mkdtempSync(path.join(inject('tmpRoot'), 'work-')),
      log: () => {},
      pollIntervalMs: 500,
    });
    try {
      await waitFor(
        async () => (await conn.db.execute(sql`select 1 from segments where camera_id = ${cam.id}`)).rows.length === 0,
        15_000,
        'the first sweep to prune the expired segment',
      );
      const known = await conn.db.execute<{ identifier: string }>(
        sql`select identifier from graphile_worker._private_known_crontabs`,
      );
      expect(known.rows.map((r) => r.identifier)).toContain('retention-sweep');
    } finally {
      await work.stop();
    }
  }, 40_000);
});
