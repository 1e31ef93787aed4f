import { randomUUID } from 'node:crypto';
import type { AdminDashboard, AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf, openSse, type SseStream, withPg } from '../../../test/helpers.ts';

/**
 * GET /api/v1/admin/dashboard: the installation's figures across every workspace, for
 * administrators only, and the `admin.installation` signal that tells their page to read it again.
 */
describe('the administrator’s dashboard', () => {
  let t: TestApp;
  let base: string;
  let admin: AuthResult;
  let owner: AuthResult;
  const url = '/api/v1/admin/dashboard';
  const read = async (token = admin.token) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminDashboard;
  };
  const sql = (text: string, values: unknown[] = []) => withPg(t.databaseUrl, (c) => c.query(text, values));

  beforeAll(async () => {
    t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.startsWith('http') ? address : `http://${address}`;
    admin = await signUp(t.app, { displayName: 'Root Admin' });
    owner = await signUp(t.app, { displayName: 'Shop Owner' });
  });
  afterAll(() => t.close());

  it('is the administrator’s: anyone else is refused, nobody signed in is asked to sign in', async () => {
    const denied = await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).code).toBe('permission-denied');
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts recorders and their leases, offline cameras of every workspace, sign-ups, plans and this month’s payments', async () => {
    const before = await read();
    const ws = owner.user.workspaceId;
    const { rows: cams } = await sql(
      `insert into cameras (workspace_id, name, source_type, status, status_changed_at)
       values ($1, 'Gate', 'test-pattern', 'online', now()), ($1, 'Yard', 'test-pattern', 'offline', now() - interval '2 hours'),
              ($1, 'Dock', 'test-pattern', 'offline', null)
       returning id, name`,
      [ws],
    );
    const id = (name: string) => cams.find((c) => c.name === name)!.id as string;
    const node = randomUUID();
    await sql(
      `insert into vigil_nodes (id, roles, internal_url, hostname, pid, expires_at)
       values ($1, '{record}', 'http://127.0.0.1:1', 'rec-a.test', 1, now() + interval '1 minute')`,
      [node],
    );
    await sql(
      `insert into camera_leases (camera_id, holder_id, epoch, expires_at)
       values ($1, $3, 1, now() + interval '1 minute'), ($2, $3, 1, now() - interval '1 minute')`,
      [id('Gate'), id('Yard'), node],
    );
    await sql(
      `insert into payments (workspace_id, provider, provider_ref, amount_minor, currency, paid_at)
       values ($1, 'manual', $2, 2900, 'EUR', now()), ($1, 'manual', $3, 1000, 'EUR', now() - interval '40 days')`,
      [ws, `m-${node}`, `old-${node}`],
    );

    const d = await read();
    const recorder = d.recorders.find((r) => r.id === node);
    // Its lease on Yard has expired: it records Gate only, and Yard and Dock wait for a recorder.
    expect(recorder).toMatchObject({ hostname: 'rec-a.test', cameras: 1 });
    expect(d.unassignedCameras - before.unassignedCameras).toBe(2);
    expect(d.cameras.total - before.cameras.total).toBe(3);
    expect(d.cameras.offline - before.cameras.offline).toBe(2);
    // The never-seen camera first, then the one offline longest.
    const mine = d.cameras.offlineList.filter((c) => [id('Yard'), id('Dock')].includes(c.id));
    expect(mine.map((c) => c.name)).toEqual(['Dock', 'Yard']);
    expect(mine[1]).toMatchObject({ status: 'offline', since: expect.any(String) });
    // 30 days, today last, every account counted on the day it was made.
    expect(d.signups).toHaveLength(30);
    expect(d.signups.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    const { rows: made } = await sql(
      `select count(*)::int as n from users where created_at >= now() at time zone 'utc' - interval '29 days'`,
    );
    expect(d.signups.reduce((s, x) => s + x.count, 0)).toBeGreaterThanOrEqual(2);
    expect(d.signups.reduce((s, x) => s + x.count, 0)).toBeLessThanOrEqual(made[0].n);
    // Every workspace made at sign-up has a plan row.
    const { rows: subs } = await sql('select count(*)::int as n from subscriptions');
    expect(d.plans.reduce((s, p) => s + p.count, 0)).toBe(subs[0].n);
    // The payment of 40 days ago belongs to an earlier month.
    const eur = d.revenue.find((r) => r.currency === 'EUR')!;
    const eurBefore = before.revenue.find((r) => r.currency === 'EUR');
    expect(eur.amountMinor - (eurBefore?.amountMinor ?? 0)).toBe(2900);
    expect(d.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(d.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(d.disk?.totalBytes).toBeGreaterThan(0);
    expect(d.jobs).toEqual({ waiting: expect.any(Number), running: expect.any(Number), dead: expect.any(Number) });
  });

  it('shows the installation audit log’s last verification once one has run (a workspace’s own does not count)', async () => {
    expect((await read()).auditVerification).toBeNull();
    const own = await t.app.inject({ method: 'POST', url: '/api/v1/audit/verify', headers: bearer(owner.token) });
    expect(own.statusCode, own.body).toBe(200);
    expect((await read()).auditVerification).toBeNull();
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audit/verify?scope=installation',
      headers: bearer(admin.token),
    });
    expect(all.statusCode, all.body).toBe(200);
    const v = (await read()).auditVerification;
    expect(v).toMatchObject({ ok: true, entries: all.json().entries });
    expect(Date.now() - Date.parse(v!.at)).toBeLessThan(60_000);
  });

  it('admin.installation: a camera changing in another workspace is a bare signal to the administrator; others are refused it', async () => {
    const streams: SseStream[] = [];
    try {
      const refused = await openSse(`${base}/api/v1/realtime?topics=admin.installation`, {
        authorization: `Bearer ${owner.token}`,
      });
      streams.push(refused);
      expect(refused.status).toBe(403);
      const s = await openSse(`${base}/api/v1/realtime?topics=admin.installation`, {
        authorization: `Bearer ${admin.token}`,
      });
      streams.push(s);
      expect(await s.next()).toEqual({ event: 'ready', data: { embedded: true } });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/cameras',
        headers: bearer(owner.token),
        payload: { name: 'Porch', source: { type: 'test-pattern' }, recordingMode: 'continuous' },
      });
      expect(created.statusCode, created.body).toBe(201);
      // Nothing of the other workspace's camera travels with it: no id, no workspace.
      expect(await s.next()).toEqual({ event: 'admin.installation', data: {} });
    } finally {
      for (const s of streams) s.close();
    }
  });
});
