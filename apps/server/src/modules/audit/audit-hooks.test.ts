import type { AuditEntry } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@vigil/db';
import { type TestApp, bearer, callFn, createTestApp, createTestPatternCamera, signUp } from '../../../test/harness.ts';
import { withPg } from '../../../test/helpers.ts';
import { pruneRecordingsBatch } from '../../video/prune-batches.ts';

/**
 * Each audited action of the other modules writes its entry through audit.record, with the
 * person who did it, their address, the right chain and target; nothing secret in the details.
 */
describe('audited actions across the modules', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let cameraId: string;
  const IP = '198.51.100.23';

  const call = (method: string, url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(token),
      remoteAddress: IP,
      payload: payload as object,
    });
  const latest = async (token: string, action: string, query = ''): Promise<AuditEntry> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit?action=${action}${query}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = res.json().items as AuditEntry[];
    expect(entry, `no ${action} entry`).toBeDefined();
    return entry!;
  };
  const byOwner = (e: AuditEntry) => {
    expect(e).toMatchObject({ actorId: owner.user.uid, actorKind: 'user', ip: IP, workspaceId: owner.workspace.id });
    return e;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app, { displayName: 'Admin' });
    owner = await signUp(t.app, { displayName: 'Owner' });
    cameraId = await createTestPatternCamera(t.app, owner.token, 'Hall');
  });
  afterAll(() => t.close());

  it('camera removed, arming and snooze', async () => {
    const doomed = await createTestPatternCamera(t.app, owner.token, 'Doomed');
    expect((await call('DELETE', `/api/v1/cameras/${doomed}`, owner.token)).statusCode).toBe(204);
    expect(byOwner(await latest(owner.token, 'camera.deleted'))).toMatchObject({
      targetId: doomed,
      details: { name: 'Doomed' },
    });
    const armed = await call('POST', `/api/v1/cameras/${cameraId}/arming`, owner.token, { armed: true, minutes: 30 });
    expect(armed.statusCode, armed.body).toBe(200);
    expect((await latest(owner.token, 'camera.updated')).details).toMatchObject({ arming: { armed: true } });
  });

  it('recordings protected and unprotected; retention’s deletions by the system', async () => {
    const recording = await withPg(t.databaseUrl, async (c) => {
      const sql = `insert into recordings (camera_id, workspace_id, kind, start_at, end_at)
        values ($1, $2, 'continuous', now() - interval '2 hours', now() - interval '1 hour') returning id`;
      return (await c.query<{ id: string }>(sql, [cameraId, owner.workspace.id])).rows[0]!.id;
    });
    await call('PATCH', `/api/v1/recordings/${recording}`, owner.token, { protected: true });
    expect(byOwner(await latest(owner.token, 'recording.protected'))).toMatchObject({
      targetType: 'recording',
      targetId: recording,
      details: { cameraId },
    });
    await call('PATCH', `/api/v1/recordings/${recording}`, owner.token, { protected: false });
    byOwner(await latest(owner.token, 'recording.unprotected'));
    // An empty patch changes nothing and records nothing.
    await call('PATCH', `/api/v1/recordings/${recording}`, owner.token, {});
    const { db, pool } = createDb(t.databaseUrl, 1);
    try {
      const pruned = await pruneRecordingsBatch(db, owner.workspace.id, () => 0, 100);
      expect(pruned.recordingsRemoved).toBe(1);
    } finally {
      await pool.end();
    }
    expect(await latest(owner.token, 'recording.deleted')).toMatchObject({
      actorKind: 'system',
      actorId: null,
      ip: null,
      workspaceId: owner.workspace.id,
      details: { reason: 'max-recordings', recordings: 1 },
    });
  });

  it('exports made, downloaded (through the audited redirect) and deleted', async () => {
    const exportId = await withPg(t.databaseUrl, async (c) => {
      const sql = `insert into exports (camera_id, workspace_id, requested_by, from_at, to_at, status, path, bytes)
        values ($1, $2, $3, now() - interval '1 hour', now() - interval '59 minutes', 'done', 'x/clip.mp4', 10)
        returning id`;
      return (await c.query<{ id: string }>(sql, [cameraId, owner.workspace.id, owner.user.uid])).rows[0]!.id;
    });
    const res = await call('GET', `/api/v1/exports/${exportId}/download`, owner.token);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toMatch(/^\/api\/v1\/storage\/object\?/);
    expect(byOwner(await latest(owner.token, 'export.downloaded'))).toMatchObject({ targetId: exportId });
    const other = await signUp(t.app);
    expect((await call('GET', `/api/v1/exports/${exportId}/download`, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/exports/${exportId}`, owner.token)).statusCode).toBe(204);
    byOwner(await latest(owner.token, 'export.deleted'));
    // A refused export records nothing; a queued one records its range.
    const range = { cameraId, from: new Date(Date.now() - 60_000).toISOString(), to: new Date().toISOString() };
    const refused = await call('POST', '/api/v1/exports', owner.token, range);
    expect(refused.json().error.code).toBe('failed-precondition');
    await withPg(t.databaseUrl, (c) =>
      c.query(
        `insert into segments (camera_id, workspace_id, start_at, end_at, bytes, path)
         values ($1, $2, now() - interval '2 minutes', now(), 1000, 'x/seg.mp4')`,
        [cameraId, owner.workspace.id],
      ),
    );
    const made = await call('POST', '/api/v1/exports', owner.token, range);
    expect(made.statusCode, made.body).toBe(201);
    const created = byOwner(await latest(owner.token, 'export.created'));
    expect(created).toMatchObject({ targetId: made.json().id, details: { cameraId, from: range.from } });
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit?action=export.created',
      headers: bearer(owner.token),
    });
    expect(all.json().items).toHaveLength(1);
  });

  it('live views opened', async () => {
    const res = await call('POST', `/api/v1/cameras/${cameraId}/live-ticket`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(byOwner(await latest(owner.token, 'live.opened'))).toMatchObject({
      targetType: 'camera',
      targetId: cameraId,
      details: { name: 'Hall', transport: 'ticket' },
    });
  });

  it('workspace settings: time zone, notifications, rules', async () => {
    expect((await call('PUT', '/api/v1/schedules/time-zone', owner.token, { timeZone: 'Asia/Tokyo' })).statusCode).toBe(
      200,
    );
    expect(byOwner(await latest(owner.token, 'settings.time-zone-changed')).details).toEqual({
      timeZone: 'Asia/Tokyo',
    });
    const mqtt = await call('PUT', '/api/v1/notifications/settings', owner.token, {
      mqttUrl: 'mqtt://bob:hunter2@127.0.0.1:1883',
    });
    expect(mqtt.statusCode, mqtt.body).toBe(200);
    const settings = byOwner(await latest(owner.token, 'settings.notifications-changed'));
    expect(settings.details).toEqual({ mqttHost: '127.0.0.1:1883' });
    expect(JSON.stringify(settings)).not.toContain('hunter2');
    const rule = await call('POST', '/api/v1/notification-rules', owner.token, {
      name: 'Night alerts',
      channels: ['email'],
      recipientRoles: ['owner'],
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const ruleId = rule.json().id as string;
    expect(byOwner(await latest(owner.token, 'notification-rule.created'))).toMatchObject({
      targetId: ruleId,
      details: { name: 'Night alerts' },
    });
    await call('PATCH', `/api/v1/notification-rules/${ruleId}`, owner.token, { enabled: false });
    expect((await latest(owner.token, 'notification-rule.updated')).details).toMatchObject({ fields: ['enabled'] });
    await call('DELETE', `/api/v1/notification-rules/${ruleId}`, owner.token);
    byOwner(await latest(owner.token, 'notification-rule.deleted'));
  });

  it('plan changes by an administrator land in the workspace’s chain; pricing in the installation’s', async () => {
    const res = await call('PATCH', `/api/v1/admin/users/${owner.user.uid}/plan`, admin.token, { plan: 'pro' });
    expect(res.statusCode, res.body).toBe(200);
    const change = await latest(owner.token, 'plan.changed');
    expect(change).toMatchObject({
      actorId: admin.user.uid,
      workspaceId: owner.workspace.id,
      ip: IP,
      details: { from: { plan: 'basic' }, to: { plan: 'pro' } },
    });
    const pricing = await call('PATCH', '/api/v1/admin/plans/pro', admin.token, { name: 'Pro+' });
    expect(pricing.statusCode, pricing.body).toBe(200);
    expect(await latest(admin.token, 'plan.pricing-changed', '&scope=installation')).toMatchObject({
      chain: 'installation',
      actorId: admin.user.uid,
      targetId: 'pro',
      details: { change: 'updated', fields: ['name'] },
    });
  });

  it('administrators’ role and disable changes', async () => {
    const someone = await signUp(t.app, { displayName: 'Someone' });
    const role = await callFn(t.app, admin.token, 'admin.setUserRole', { uid: someone.user.uid, role: 'manager' });
    expect(role.statusCode, role.body).toBe(200);
    expect(await latest(admin.token, 'user.role-changed', '&scope=installation')).toMatchObject({
      actorId: admin.user.uid,
      workspaceId: someone.workspace.id,
      targetId: someone.user.uid,
      details: { from: 'user', to: 'manager' },
    });
    await callFn(t.app, admin.token, 'admin.setUserDisabled', { uid: someone.user.uid, disabled: true });
    expect((await latest(admin.token, 'user.disabled', '&scope=installation')).targetId).toBe(someone.user.uid);
  });

  it('every chain written here still verifies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audit/verify?scope=installation',
      headers: bearer(admin.token),
    });
    expect(res.json()).toMatchObject({ ok: true, brokenAt: null });
    expect(res.json().chains).toBeGreaterThanOrEqual(3);
  });
});
