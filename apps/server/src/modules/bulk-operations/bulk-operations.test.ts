import { describe, expect, it } from 'vitest';
import { useBulkWorld } from '../../../test/bulk-world.ts';
import { countRows, errorOf, grantPlan, withPg } from '../../../test/helpers.ts';
import type { SessionUser } from '../../lib/session.ts';
import { mayReceive } from '../realtime/realtime.routes.ts';

const TABLES = ['bulk_operations', 'bulk_operation_results', 'graphile_worker._private_jobs', 'audit_log'] as const;
const recordingMode = { kind: 'recording-mode', recordingMode: 'motion' } as const;

/**
 * Bulk operations' API: the vms plan gate, choosing cameras by ids or by filter within
 * the workspace and the caller's access, refusals that write nothing, the preview, and who sees
 * which operation. The job itself: bulk-runner.test.ts.
 */
describe('bulk operations: the API', () => {
  const w = useBulkWorld();
  const modes = (ids: string[]) =>
    withPg(w.t.databaseUrl, async (c) => {
      const r = await c.query<{ id: string; m: string }>(
        'select id, recording_mode as m from cameras where id = any($1)',
        [ids],
      );
      return Object.fromEntries(r.rows.map((x) => [x.id, x.m]));
    });

  it('the vms plan: refused without it (naming the plan), allowed once granted', async () => {
    const p = w.planless;
    for (const res of [
      await w.post(p.token, '/api/v1/bulk-operations', { filter: {}, change: recordingMode }),
      await w.post(p.token, '/api/v1/bulk-operations/preview', { filter: {} }),
      await w.get(p.token, '/api/v1/bulk-operations'),
      await w.get(p.token, '/api/v1/bulk-operations/00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).code).toBe('failed-precondition');
      expect(errorOf(res).message).toMatch(/VMS plan/);
    }
    await grantPlan(w.t.databaseUrl, p.workspaceId, 'vms');
    const ok = await w.post(p.token, '/api/v1/bulk-operations', { filter: {}, change: recordingMode });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await w.get(p.token, '/api/v1/bulk-operations')).json().items).toHaveLength(1);
  });

  it('operators and viewers are refused; a manager’s own workspace only', async () => {
    const res = await w.post(w.operator.token, '/api/v1/bulk-operations', { filter: {}, change: recordingMode });
    expect(res.statusCode).toBe(403);
  });

  it('naming another workspace’s camera refuses the whole change: nothing written, nothing changed', async () => {
    const before = await countRows(w.t.databaseUrl, TABLES);
    const named = [...w.cams.slice(0, 3), w.foreignCam];
    const res = await w.post(w.owner.token, '/api/v1/bulk-operations', { cameraIds: named, change: recordingMode });
    expect(res.statusCode, res.body).toBe(404);
    expect(errorOf(res).code).toBe('not-found');
    expect(errorOf(res).message).toContain(w.foreignCam);
    expect(errorOf(res).message).toMatch(/Nothing was changed/);
    expect(await countRows(w.t.databaseUrl, TABLES)).toEqual(before);
    expect(Object.values(await modes(named))).toEqual(['continuous', 'continuous', 'continuous', 'continuous']);
    // The same from the stranger's side, and a delete too.
    const del = await w.post(w.stranger.token, '/api/v1/bulk-operations', {
      cameraIds: [w.cams[0]],
      change: { kind: 'delete', expectedCount: 1 },
    });
    expect(del.statusCode).toBe(404);
    expect(await countRows(w.t.databaseUrl, TABLES)).toEqual(before);
  });

  it('a camera outside a limited manager’s access is refused like another workspace’s', async () => {
    const before = await countRows(w.t.databaseUrl, TABLES);
    const res = await w.post(w.limited.token, '/api/v1/bulk-operations', {
      cameraIds: [w.cams[0], w.cams[10]],
      change: recordingMode,
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toContain(w.cams[10]);
    expect(await countRows(w.t.databaseUrl, TABLES)).toEqual(before);
    // Nor may they move cameras between sites (the cameras service's rule, checked up front).
    const move = await w.post(w.limited.token, '/api/v1/bulk-operations', {
      cameraIds: [w.cams[0]],
      change: { kind: 'move-to-site', siteId: null },
    });
    expect(move.statusCode).toBe(403);
    expect(errorOf(move).message).toMatch(/cannot move cameras between sites/);
    expect(await countRows(w.t.databaseUrl, TABLES)).toEqual(before);
    // Their filter reaches only their five cameras, whatever it says.
    const preview = await w.post(w.limited.token, '/api/v1/bulk-operations/preview', { filter: {} });
    expect(preview.json().count).toBe(5);
    expect(
      preview
        .json()
        .items.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual(w.cams.slice(0, 5).sort());
  });

  it('bad input: a catalogue code, a clear message, nothing written', async () => {
    const before = await countRows(w.t.databaseUrl, TABLES);
    const cases: [object, number, string, RegExp?][] = [
      [{ cameraIds: [w.cams[0]], filter: {}, change: recordingMode }, 400, 'invalid-argument'],
      [{ change: recordingMode }, 400, 'invalid-argument'],
      [{ filter: {}, change: { kind: 'explode' } }, 400, 'invalid-argument'],
      [{ filter: {}, change: { kind: 'retention', retentionDays: 0 } }, 400, 'invalid-argument'],
      [{ filter: {}, change: { kind: 'motion', motion: {} } }, 400, 'invalid-argument'],
      [{ filter: { q: 'no such camera' }, change: recordingMode }, 400, 'invalid-argument', /matches no camera/],
      [
        { filter: {}, change: { kind: 'schedule', scheduleId: w.foreignSchedule } },
        400,
        'invalid-argument',
        /No such schedule/,
      ],
      [
        { filter: {}, change: { kind: 'move-to-site', siteId: w.sites.foreign } },
        400,
        'invalid-argument',
        /No such site/,
      ],
      [
        { filter: { siteIds: [w.sites.south] }, change: { kind: 'delete', expectedCount: 19 } },
        400,
        'failed-precondition',
        /holds 20 cameras, not the 19 you confirmed/,
      ],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await w.post(w.owner.token, '/api/v1/bulk-operations', body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
      expect(errorOf(res).code).toBe(code);
      if (message) expect(errorOf(res).message).toMatch(message);
    }
    expect(await countRows(w.t.databaseUrl, TABLES)).toEqual(before);
  });

  it('the preview: site, tag, status, model and name filters, and the models on offer', async () => {
    const count = async (filter: object) => {
      const res = await w.post(w.owner.token, '/api/v1/bulk-operations/preview', { filter });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().count as number;
    };
    expect(await count({})).toBe(53);
    expect(await count({ siteIds: [w.sites.north] })).toBe(30);
    expect(await count({ siteIds: [w.sites.south], withoutSite: true })).toBe(23);
    expect(await count({ withoutSite: true })).toBe(3);
    expect(await count({ tags: ['Warehouse'] })).toBe(20);
    expect(await count({ tags: ['retail', 'warehouse'] })).toBe(50);
    // Another workspace's site names nothing here.
    expect(await count({ siteIds: [w.sites.foreign] })).toBe(0);
    expect(await count({ status: ['offline'] })).toBe(53);
    expect(await count({ status: ['online', 'disabled'] })).toBe(0);
    expect(await count({ model: 'h264' })).toBe(10);
    expect(await count({ model: 'HEVC 2560x1440' })).toBe(10);
    expect(await count({ model: 'h26' })).toBe(0);
    expect(await count({ q: 'door' })).toBe(3);
    expect(await count({ q: '%' })).toBe(0);
    expect(await count({ tags: ['north'], model: 'hevc', q: 'cam 1' })).toBe(9);
    const res = await w.post(w.owner.token, '/api/v1/bulk-operations/preview', {
      filter: { siteIds: [w.sites.north] },
    });
    const body = res.json();
    expect(body.items[0]).toMatchObject({ name: 'Cam 01', siteName: 'North', model: 'h264 1920x1080', enabled: true });
    expect(body.models).toEqual([
      { model: 'unknown', count: 33 },
      { model: 'h264 1920x1080', count: 10 },
      { model: 'hevc 2560x1440', count: 10 },
    ]);
    expect(body.sites.map((x: { name: string; cameras: number }) => [x.name, x.cameras])).toEqual([
      ['North', 30],
      ['South', 20],
    ]);
    expect(body.tags).toEqual(['north', 'retail', 'warehouse']);
    // A member limited to some cameras is offered the sites holding those only.
    const limited = (await w.post(w.limited.token, '/api/v1/bulk-operations/preview', { filter: {} })).json();
    expect(limited.sites.map((x: { name: string; cameras: number }) => [x.name, x.cameras])).toEqual([['North', 5]]);
    expect(limited.tags).toEqual(['north', 'retail']);
  });

  it('an operation: 201 with its id, its cameras to do, its job queued, audited; listed; another workspace’s is not found', async () => {
    const res = await w.post(w.manager.token, '/api/v1/bulk-operations', {
      filter: { siteIds: [w.sites.south] },
      change: { kind: 'retention', retentionDays: 14 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    const op = (await w.get(w.owner.token, `/api/v1/bulk-operations/${id}`)).json();
    expect(op).toMatchObject({
      status: 'queued',
      change: { kind: 'retention', retentionDays: 14 },
      selection: { filter: { siteIds: [w.sites.south] } },
      progress: { total: 20, processed: 0, succeeded: 0, failed: 0 },
      createdBy: { id: w.manager.uid, displayName: 'Max Manager' },
    });
    expect(op.results.map((r: { cameraName: string }) => r.cameraName)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Cam ${i + 31}`),
    );
    expect(op.results.every((r: { ok: unknown }) => r.ok === null)).toBe(true);
    await withPg(w.t.databaseUrl, async (c) => {
      const jobs = await c.query(
        `select 1 from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
         where t.identifier = 'bulk-operation' and j.payload->>'id' = $1`,
        [id],
      );
      expect(jobs.rowCount).toBe(1);
      const audit = await c.query(
        `select actor_id, details from audit_log where action = 'bulk.operation-created' and target_id = $1`,
        [id],
      );
      expect(audit.rows).toHaveLength(1);
      expect(audit.rows[0]).toMatchObject({ actor_id: w.manager.uid, details: { cameras: 20 } });
    });
    const listed = (await w.get(w.owner.token, '/api/v1/bulk-operations')).json().items;
    expect(listed.map((o: { id: string }) => o.id)).toContain(id);
    // The stranger's workspace has the vms plan: their refusal is the object's, not the plan's.
    const foreign = await w.get(w.stranger.token, `/api/v1/bulk-operations/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await w.get(w.stranger.token, '/api/v1/bulk-operations')).json().items).toEqual([]);
    // A manager limited to some cameras sees only the operations they made.
    expect((await w.get(w.limited.token, `/api/v1/bulk-operations/${id}`)).statusCode).toBe(404);
    const mine = await w.post(w.limited.token, '/api/v1/bulk-operations', { filter: {}, change: recordingMode });
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = (await w.get(w.limited.token, '/api/v1/bulk-operations')).json().items;
    expect(theirs.map((o: { id: string }) => o.id)).toEqual([mine.json().id]);
    expect(theirs[0].progress.total).toBe(5);
  });

  it('progress is heard by the workspace’s managers; a limited one hears only their own', () => {
    const session = (role: string, uid: string, cameraIds: string[] | null) =>
      ({
        user: { id: uid, role, workspaceId: 'ws' },
        membership: { role: role === 'user' ? 'owner' : role, cameraIds },
      }) as unknown as SessionUser;
    const topics = new Set(['bulk-operations']);
    const e = { topic: 'bulk-operations', workspaceId: 'ws', id: 'op', uid: 'maker' };
    expect(mayReceive(session('user', 'owner', null), topics, e)).toBe(true);
    expect(mayReceive(session('manager', 'm', null), topics, e)).toBe(true);
    expect(mayReceive(session('operator', 'o', null), topics, e)).toBe(false);
    expect(mayReceive(session('manager', 'l', ['c1']), topics, e)).toBe(false);
    expect(mayReceive(session('manager', 'maker', ['c1']), topics, e)).toBe(true);
    expect(mayReceive(session('manager', 'm', null), topics, { ...e, workspaceId: 'other' })).toBe(false);
  });
});
