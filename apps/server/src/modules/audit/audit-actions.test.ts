import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { auditEntries, verifyAudit } from '../../../test/audit-helpers.ts';
import { resetTokenFor, signIn } from '../../../test/helpers.ts';

/**
 * The account and installation actions of the catalogue reach the log: signing out, changing and
 * resetting a password (in the person's own workspace's chain), and the administrator's payment
 * and sign-in settings (the installation's chain). Each chain still verifies afterwards.
 */
describe('audit: account and installation settings actions', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;

  const entries = (token: string, query: string) => auditEntries(t.app, token, query);
  const verified = async (token: string, scope = 'workspace') => (await verifyAudit(t.app, token, scope)).ok;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app, { displayName: 'Admin' }); // first account → admin
  });
  afterAll(() => t.close());

  it('sign-out is recorded in the session’s workspace, by the person', async () => {
    const w = await signUp(t.app);
    const second = (await signIn(t.app, w.user.email, 'secret123')).json().token as string;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: bearer(second) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [out] = await entries(w.token, '?action=sign-out');
    expect(out).toMatchObject({
      action: 'sign-out',
      chain: w.workspace.id,
      actorId: w.user.uid,
      actorKind: 'user',
      targetType: 'user',
      targetId: w.user.uid,
    });
    expect(await verified(w.token)).toBe(true);
  });

  it('a password change and a password reset are recorded, never the password', async () => {
    const w = await signUp(t.app);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: bearer(w.token),
      payload: { currentPassword: 'secret123', newPassword: 'another-secret-456' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const token = await resetTokenFor(t.app, t.databaseUrl, w.user.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      remoteAddress: '198.51.100.23',
      payload: { token, password: 'third-secret-789' },
    });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    // The reset ended every session: sign in again to read the log.
    const again = (await signIn(t.app, w.user.email, 'third-secret-789')).json().token as string;
    const log = await entries(again, '?action=password');
    expect(log.map((e) => e.action)).toEqual(['password.reset', 'password.changed']);
    expect(log[0]).toMatchObject({ chain: w.workspace.id, actorId: w.user.uid, ip: '198.51.100.23' });
    expect(log[1]).toMatchObject({ chain: w.workspace.id, actorId: w.user.uid, actorKind: 'user' });
    expect(JSON.stringify(log)).not.toMatch(/secret-(456|789)/);
    expect(await verified(again)).toBe(true);
  });

  it('payment and sign-in settings changes are recorded in the installation’s chain, without secrets', async () => {
    const payment = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/payment-settings',
      headers: bearer(admin.token),
      payload: { currency: 'USD', graceDays: 9 },
    });
    expect(payment.statusCode, payment.body).toBe(200);
    const signInSettings = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/auth',
      headers: bearer(admin.token),
      payload: { enumerationProtection: false },
    });
    expect(signInSettings.statusCode, signInSettings.body).toBe(200);
    const log = await entries(admin.token, '?scope=installation&action=settings');
    const [signInEntry, paymentEntry] = log;
    expect(signInEntry).toMatchObject({
      action: 'settings.sign-in-changed',
      chain: 'installation',
      workspaceId: null,
      actorId: admin.user.uid,
      details: { enumerationProtection: false, previous: true },
    });
    expect(paymentEntry).toMatchObject({
      action: 'settings.payment-changed',
      chain: 'installation',
      actorId: admin.user.uid,
      details: { fields: expect.arrayContaining(['currency', 'graceDays']) },
    });
    expect(await verified(admin.token, 'installation')).toBe(true);
  });
});
