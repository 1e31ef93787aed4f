import { createDb } from '@vigil/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, verifyAudit } from '../../../test/audit-helpers.ts';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { diskGuardSettings } from './admin.module.ts';

/**
 * Admin › Settings › Recording storage: the disk guard's threshold, the environment's default
 * until an administrator saves one, which every recorder then reads; and the alerts list.
 */
describe('admin storage settings', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let person: Awaited<ReturnType<typeof signUp>>;
  const url = '/api/v1/admin/settings/storage';

  beforeAll(async () => {
    t = await createTestApp({ DISK_GUARD_PERCENT: '4', DISK_GUARD_MAX_GB: '3' });
    admin = await signUp(t.app); // the first account is the administrator
    person = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('answers the environment’s default, then the saved threshold, audited in the installation’s chain', async () => {
    const first = await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
    expect(first.json()).toEqual({ percent: 4, maxGb: 3 });
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(admin.token),
      payload: { percent: 2.5, maxGb: 50 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ percent: 2.5, maxGb: 50 });
    // What a recorder reads (the environment's default only when nothing is saved).
    const { db, pool } = createDb(t.databaseUrl, 1);
    expect(await diskGuardSettings(db, { percent: 5, maxGb: 2 })).toEqual({ percent: 2.5, maxGb: 50 });
    await pool.end();
    const [entry] = await auditEntries(t.app, admin.token, '?scope=installation&action=settings.storage-changed');
    expect(entry).toMatchObject({
      action: 'settings.storage-changed',
      chain: 'installation',
      actorId: admin.user.uid,
      details: { diskGuard: { percent: 2.5, maxGb: 50 }, previous: { percent: 4, maxGb: 3 } },
    });
    expect((await verifyAudit(t.app, admin.token, 'installation')).ok).toBe(true);
  });

  it('refuses values out of range, and anyone but an administrator', async () => {
    for (const payload of [
      { percent: 0, maxGb: 2 },
      { percent: 5, maxGb: 0 },
      { percent: 80, maxGb: 2 },
      { percent: 5 },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url, headers: bearer(admin.token), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(person.token) })).statusCode).toBe(403);
    const alerts = await t.app.inject({ method: 'GET', url: '/api/v1/admin/alerts', headers: bearer(person.token) });
    expect(alerts.statusCode).toBe(403);
  });

  it('lists no alert while no recorder raised one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/alerts', headers: bearer(admin.token) });
    expect(res.json()).toEqual({ items: [] });
  });
});
