import { describe, expect, it } from 'vitest';
import { useBulkWorld } from '../../../test/bulk-world.ts';
import { bearer } from '../../../test/harness.ts';
import { withPg } from '../../../test/helpers.ts';
import { startTestWorker } from '../../../test/job-helpers.ts';
import { createBulkOperationTasks } from './bulk-operations.module.ts';
import { createBulkRunner } from './bulk-runner.service.ts';
import { createCamerasService } from '../cameras/cameras.service.ts';
import { createSecretBox } from '../../lib/secrets.ts';

interface Result {
  cameraId: string;
  cameraName: string;
  ok: boolean | null;
  error: string | null;
}

/**
 * The `bulk-operation` job: each camera through the cameras service, its result and its
 * audit entry written with its change; refusals are that camera's result and the others go on; a
 * rerun, or two runs at once, never apply a camera twice; a creator who lost access stops it.
 */
describe('bulk operations: the job', () => {
  const w = useBulkWorld();
  const create = async (token: string, body: object): Promise<string> => {
    const res = await w.post(token, '/api/v1/bulk-operations', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  };
  const opOf = async (id: string) => (await w.get(w.owner.token, `/api/v1/bulk-operations/${id}`)).json();
  const column = (col: string, ids: string[]) =>
    withPg(w.t.databaseUrl, async (c) => {
      const r = await c.query(`select id, ${col} as v from cameras where id = any($1)`, [ids]);
      return new Map(r.rows.map((x) => [x.id as string, x.v]));
    });
  const auditOf = (id: string) =>
    withPg(w.t.databaseUrl, async (c) => {
      const r = await c.query(
        `select action, target_id, actor_id, details from audit_log
         where details->>'operationId' = $1 or target_id = $1 order by id`,
        [id],
      );
      return r.rows as { action: string; target_id: string; actor_id: string; details: Record<string, unknown> }[];
    });

  it('50 cameras, a recording-mode change, 3 deleted meanwhile: 47 changed, 3 failed and why, by the queue', async () => {
    const id = await create(w.owner.token, {
      filter: { tags: ['retail', 'warehouse'] },
      change: { kind: 'recording-mode', recordingMode: 'motion' },
    });
    // Someone deletes three of them before the job runs: the cameras service refuses those.
    const gone = [w.cams[4]!, w.cams[24]!, w.cams[44]!];
    for (const cam of gone) {
      const res = await w.t.app.inject({
        method: 'DELETE',
        url: `/api/v1/cameras/${cam}`,
        headers: bearer(w.manager.token),
      });
      expect(res.statusCode).toBe(204);
    }
    const bulk = createBulkOperationTasks({
      db: w.db,
      cameras: createCamerasService({
        db: w.db,
        secrets: createSecretBox(w.t.config.authSecret),
        policy: { allowLoopback: true },
      }),
      log: () => {},
    });
    const worker = await startTestWorker({ databaseUrl: w.t.databaseUrl, db: w.db, tasks: bulk.tasks });
    try {
      await expect
        .poll(async () => JSON.stringify(await opOf(id)).slice(0, 300), { timeout: 30_000, interval: 100 })
        .toMatch(/"status":"done"/);
    } finally {
      await worker.stop();
    }
    const op = await opOf(id);
    expect(op.progress).toEqual({ total: 50, processed: 50, succeeded: 47, failed: 3 });
    expect(op.startedAt).not.toBeNull();
    expect(op.finishedAt).not.toBeNull();
    const modes = await column('recording_mode', w.cams);
    for (const [i, cam] of w.cams.entries()) {
      const r = op.results.find((x: Result) => x.cameraId === cam) as Result;
      expect(r.cameraName).toBe(`Cam ${String(i + 1).padStart(2, '0')}`);
      if (gone.includes(cam)) {
        expect(r).toMatchObject({
          ok: false,
          error: 'This camera no longer exists, or is no longer within your access.',
        });
        expect(modes.has(cam)).toBe(false);
      } else {
        expect(r).toMatchObject({ ok: true, error: null });
        expect(modes.get(cam), r.cameraName).toBe('motion');
      }
    }
    // One audit entry per camera changed, by the operation's maker, and the operation's own two.
    const audit = await auditOf(id);
    const changed = audit.filter((a) => a.action === 'bulk.camera-changed');
    expect(changed).toHaveLength(47);
    expect(new Set(changed.map((a) => a.target_id))).toEqual(new Set(w.cams.filter((c) => !gone.includes(c))));
    for (const a of changed) {
      expect(a.actor_id).toBe(w.owner.uid);
      expect(a.details).toMatchObject({ operationId: id, change: 'recording-mode', fields: ['recordingMode'] });
    }
    expect(audit.filter((a) => a.action === 'bulk.operation-created')).toHaveLength(1);
    expect(audit.find((a) => a.action === 'bulk.operation-finished')?.details).toMatchObject({
      total: 50,
      succeeded: 47,
      failed: 3,
    });
    const verify = await w.post(w.owner.token, '/api/v1/audit/verify', {});
    expect(verify.json().ok).toBe(true);
  }, 60_000);

  it('test connection: 47 test patterns answer, the 3 cameras whose address refuses fail with the probe’s reason', async () => {
    const alive = w.cams.filter((_, i) => ![4, 24, 44].includes(i));
    const id = await create(w.owner.token, { cameraIds: [...alive, ...w.rtsp], change: { kind: 'test-connection' } });
    await w.run(id);
    const op = await opOf(id);
    expect(op.status).toBe('done');
    expect(op.progress).toEqual({ total: 50, processed: 50, succeeded: 47, failed: 3 });
    for (const r of op.results as Result[]) {
      if (w.rtsp.includes(r.cameraId))
        expect(r.error).toMatch(/^Connection refused by 127\.0\.0\.1:\d+: nothing is listening on that port/);
      else expect(r).toMatchObject({ ok: true, error: null });
    }
    // A probe changes nothing: no camera entry in the log.
    expect((await auditOf(id)).filter((a) => a.action === 'bulk.camera-changed')).toEqual([]);
  }, 60_000);

  it('a rerun skips what is done; two runs at once apply each camera once', async () => {
    const ten = w.cams.slice(30, 40);
    const crashed = await create(w.owner.token, { cameraIds: ten, change: { kind: 'retention', retentionDays: 7 } });
    // As if a first run had committed four cameras and died.
    await withPg(w.t.databaseUrl, (c) =>
      c.query(
        `update bulk_operation_results set ok = true, finished_at = now() where operation_id = $1 and camera_id = any($2)`,
        [crashed, ten.slice(0, 4)],
      ),
    );
    await w.run(crashed, { attempts: 2, maxAttempts: 10 });
    const days = await column('retention_days', ten);
    expect(ten.map((c) => days.get(c))).toEqual([30, 30, 30, 30, 7, 7, 7, 7, 7, 7]);
    expect((await auditOf(crashed)).filter((a) => a.action === 'bulk.camera-changed')).toHaveLength(6);

    const twice = await create(w.owner.token, { cameraIds: ten, change: { kind: 'retention', retentionDays: 9 } });
    await Promise.all([w.run(twice), w.run(twice)]);
    await w.run(twice); // after it ended: nothing
    const changed = (await auditOf(twice)).filter((a) => a.action === 'bulk.camera-changed');
    expect(changed.map((a) => a.target_id).sort()).toEqual([...ten].sort());
    expect((await auditOf(twice)).filter((a) => a.action === 'bulk.operation-finished')).toHaveLength(1);
    expect((await opOf(twice)).progress).toEqual({ total: 10, processed: 10, succeeded: 10, failed: 0 });
  });

  it('an unexpected error fails the run (retried, resuming); on the last try it is that camera’s result', async () => {
    const five = w.cams.slice(45, 50);
    const bad = five[2]!;
    const id = await create(w.owner.token, { cameraIds: five, change: { kind: 'retention', retentionDays: 5 } });
    const cameras = createCamerasService({
      db: w.db,
      secrets: createSecretBox(w.t.config.authSecret),
      policy: { allowLoopback: true },
    });
    const flaky = createBulkRunner({
      db: w.db,
      cameras: {
        ...cameras,
        update: (actor, cameraId, input, opts) =>
          cameraId === bad
            ? Promise.reject(new Error('connection lost'))
            : cameras.update(actor, cameraId, input, opts),
      },
    });
    await expect(flaky.run(id, { attempts: 1, maxAttempts: 3 })).rejects.toThrow('connection lost');
    // The batch rolled back whole: nothing half-applied, nothing counted.
    expect((await opOf(id)).progress).toMatchObject({ processed: 0 });
    expect([...(await column('retention_days', five)).values()]).toEqual([30, 30, 30, 30, 30]);
    await flaky.run(id, { attempts: 3, maxAttempts: 3 });
    const op = await opOf(id);
    expect(op.status).toBe('done');
    expect((op.results as Result[]).map((r) => [r.ok, r.error])).toEqual([
      [true, null],
      [true, null],
      [false, 'Unexpected error: the change could not be applied.'],
      [true, null],
      [true, null],
    ]);
    expect((await auditOf(id)).filter((a) => a.action === 'bulk.camera-changed')).toHaveLength(4);
  });

  it('every kind of change lands as the cameras service makes it', async () => {
    const [a, b] = [w.cams[40]!, w.cams[41]!];
    const apply = async (change: object) => {
      const id = await create(w.owner.token, { cameraIds: [a, b], change });
      await w.run(id);
      const op = await opOf(id);
      expect(op.progress, JSON.stringify(op.results)).toMatchObject({ succeeded: 2, failed: 0 });
    };
    await apply({ kind: 'disable' });
    expect([...(await column('status', [a, b])).values()]).toEqual(['disabled', 'disabled']);
    await apply({ kind: 'enable' });
    expect([...(await column('enabled', [a, b])).values()]).toEqual([true, true]);
    await apply({ kind: 'schedule', scheduleId: w.ownSchedule });
    expect([...(await column('schedule_id', [a, b])).values()]).toEqual([w.ownSchedule, w.ownSchedule]);
    await apply({ kind: 'schedule', scheduleId: null });
    expect([...(await column('schedule_id', [a, b])).values()]).toEqual([null, null]);
    await apply({ kind: 'motion', motion: { sensitivity: 80, enabled: false } });
    for (const m of (await column('motion', [a, b])).values())
      expect(m).toMatchObject({ sensitivity: 80, enabled: false, minArea: 0.2, masks: [], zones: [] });
    await apply({ kind: 'move-to-site', siteId: w.sites.north });
    expect([...(await column('site_id', [a, b])).values()]).toEqual([w.sites.north, w.sites.north]);
    await apply({ kind: 'move-to-site', siteId: null });
    expect([...(await column('site_id', [a, b])).values()]).toEqual([null, null]);
    await apply({ kind: 'delete', expectedCount: 2 });
    expect((await column('id', [a, b])).size).toBe(0);
    const me = (await w.get(w.owner.token, '/api/v1/me')).json();
    expect(me.user.usage.camerasCount).toBe(
      await withPg(w.t.databaseUrl, async (c) =>
        Number(
          (await c.query('select count(*) from cameras where workspace_id = $1', [w.owner.workspaceId])).rows[0].count,
        ),
      ),
    );
  });

  it('access narrowed after the request: the cameras now outside it fail, the rest change', async () => {
    const five = w.cams.slice(0, 5).filter((c) => c !== w.cams[4]); // Cam 05 was deleted above
    const id = await create(w.limited.token, { cameraIds: five, change: { kind: 'retention', retentionDays: 3 } });
    await withPg(w.t.databaseUrl, (c) =>
      c.query('update memberships set camera_ids = $1 where user_id = $2', [five.slice(0, 2), w.limited.uid]),
    );
    await w.run(id);
    const op = await opOf(id);
    expect(op.progress).toEqual({ total: 4, processed: 4, succeeded: 2, failed: 2 });
    expect((op.results as Result[]).map((r) => r.ok)).toEqual([true, true, false, false]);
    expect([...(await column('retention_days', five.slice(2))).values()]).toEqual([30, 30]);
  });

  it('a creator who no longer manages the workspace: stopped, nothing changed, every camera says why', async () => {
    const six = w.cams.slice(10, 16);
    const id = await create(w.manager.token, { cameraIds: six, change: { kind: 'disable' } });
    await withPg(w.t.databaseUrl, (c) =>
      c.query(`update memberships set role = 'viewer' where user_id = $1 and workspace_id = $2`, [
        w.manager.uid,
        w.owner.workspaceId,
      ]),
    );
    await w.run(id);
    const op = await opOf(id);
    expect(op.status).toBe('failed');
    expect(op.error).toMatch(/no longer manages this workspace/);
    expect(op.progress).toEqual({ total: 6, processed: 6, succeeded: 0, failed: 6 });
    expect((op.results as Result[]).every((r) => r.ok === false && r.error === op.error)).toBe(true);
    expect([...(await column('enabled', six)).values()]).toEqual(Array(6).fill(true));
    const finished = (await auditOf(id)).find((a) => a.action === 'bulk.operation-finished');
    expect(finished).toMatchObject({ actor_id: w.manager.uid, details: { failed: 6, succeeded: 0 } });
  });
});
