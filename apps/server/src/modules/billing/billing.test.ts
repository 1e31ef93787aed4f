import { createDb } from '@vigil/db';
import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf, getMe, patchMe, withPg } from '../../../test/helpers.ts';

/**
 * Plans, the trial, the manual provider and read-only workspaces, through the API on a
 * real PostgreSQL. The state machine's every transition is packages/shared plan-status.test.ts.
 */
describe('billing: plans, trial, manual payments, read-only workspaces', () => {
  let t: TestApp;
  let admin: AuthResult;
  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });
  const addCamera = (token: string, name = 'Door') =>
    call(token, 'POST', '/api/v1/cameras', { name, source: { type: 'test-pattern' }, recordingMode: 'continuous' });
  const planOf = (key: string) =>
    withPg(t.databaseUrl, async (c) => (await c.query('select * from plans where key = $1', [key])).rows[0]);
  const count = (sql: string, args: unknown[]) =>
    withPg(t.databaseUrl, async (c) => (await c.query(sql, args)).rows[0].n as number);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app, { displayName: 'Admin' });
  });
  afterAll(() => t.close());

  it('sign-up starts a 7-day trial on the basic plan, whose limits the document carries', async () => {
    const owner = await signUp(t.app);
    const billing = (await call(owner.token, 'GET', '/api/v1/billing')).json();
    expect(billing).toMatchObject({ plan: 'basic', planStatus: 'trial', trialDaysLeft: 7, source: null });
    expect(billing.limits).toEqual({ maxCameras: 10, maxRecordings: 100, maxStorage: 10, aiAnalysisQuota: 0 });
    const me = (await getMe(t.app, owner.token)).json().user;
    expect(me).toMatchObject({ plan: 'basic', planStatus: 'trial', aiAccess: false, vmsAccess: false });
    expect(new Date(me.trialEndDate).getTime() - new Date(me.trialStartDate).getTime()).toBe(7 * 86_400_000);
  });

  it('the public pricing lists public, unarchived plans in order; the editor refuses bad input and changes nothing', async () => {
    const pub = (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
    expect(pub.items.map((p: { key: string }) => p.key)).toEqual(['basic', 'pro', 'vms']);
    expect(pub.items[1]).toMatchObject({ currency: 'EUR', prices: { monthly: 29, yearly: 290 } });
    const before = await planOf('pro');
    const bad = [
      { prices: { monthly: -1, yearly: 10 } },
      { currency: 'XYZ' },
      { prices: { monthly: 1.234, yearly: 10 } },
      { limits: { maxCameras: -2, maxRecordings: 1, maxStorage: 1, aiAnalysisQuota: 0 } },
      { plan: 'vms' },
    ];
    for (const body of bad) {
      const res = await call(admin.token, 'PATCH', '/api/v1/admin/plans/pro', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe('invalid-argument');
    }
    const clash = await call(admin.token, 'POST', '/api/v1/admin/plans', {
      key: 'pro',
      name: 'Again',
      currency: 'EUR',
      prices: { monthly: 1, yearly: 10 },
      limits: { maxCameras: 1, maxRecordings: 1, maxStorage: 1, aiAnalysisQuota: 0 },
      features: { aiAccess: false, vms: false },
    });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).code).toBe('already-exists');
    expect(await planOf('pro')).toEqual(before);
    const owner = await signUp(t.app);
    expect((await call(owner.token, 'PATCH', '/api/v1/admin/plans/pro', { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(owner.token, 'GET', '/api/v1/admin/plans')).statusCode).toBe(403);
  });

  it('no endpoint lets a user set their own plan, status, limits or usage', async () => {
    const owner = await signUp(t.app);
    for (const body of [
      { plan: 'vms' },
      { planStatus: 'active' },
      { limits: { maxCameras: 999 } },
      { usage: { camerasCount: 0 } },
      { aiAccess: true },
      { vmsAccess: true },
    ]) {
      expect((await patchMe(t.app, owner.token, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const own = await call(owner.token, 'PATCH', `/api/v1/admin/users/${owner.user.uid}/plan`, { plan: 'vms' });
    expect(own.statusCode).toBe(403);
    const me = (await getMe(t.app, owner.token)).json().user;
    expect(me).toMatchObject({ plan: 'basic', planStatus: 'trial', limits: { maxCameras: 10 } });
  });

  it('manual provider: upgrade issues one invoice; marking it paid (twice) makes the plan active once, with its limits', async () => {
    const owner = await signUp(t.app);
    const first = await call(owner.token, 'POST', '/api/v1/billing/checkout', { plan: 'pro', interval: 'month' });
    expect(first.statusCode, first.body).toBe(200);
    const second = (
      await call(owner.token, 'POST', '/api/v1/billing/checkout', { plan: 'pro', interval: 'year' })
    ).json();
    // One invoice is ever due: the first was voided.
    const statuses = await withPg(t.databaseUrl, async (c) =>
      (
        await c.query('select status from invoices where workspace_id = $1 order by issued_at', [owner.workspace.id])
      ).rows.map((r) => r.status),
    );
    expect(statuses).toEqual(['void', 'open']);
    // The replaced invoice is not edited: a credit note in its own series cancels all of it.
    const credits = await withPg(
      t.databaseUrl,
      async (c) =>
        (
          await c.query(
            `select n.number, n.reason, n.total_minor, i.number as invoice, i.total_minor as invoice_total
           from credit_notes n join invoices i on i.id = n.invoice_id where n.workspace_id = $1`,
            [owner.workspace.id],
          )
        ).rows,
    );
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ reason: 'cancellation', total_minor: credits[0].invoice_total });
    expect(credits[0].number).toMatch(/^AV-\d{4}-\d{6}$/);
    expect(credits[0].invoice).toMatch(/^\d{4}-\d{6}$/);
    const invoice = (await call(owner.token, 'GET', `/api/v1/billing/invoices/${second.invoiceId}`)).json();
    expect(invoice).toMatchObject({ status: 'open', amount: 290, total: 290, interval: 'year', planName: 'Pro' });
    // Nobody but the administrator marks it paid, and a voided one cannot be.
    expect((await call(owner.token, 'POST', `/api/v1/admin/invoices/${second.invoiceId}/paid`)).statusCode).toBe(403);
    const voided = await call(admin.token, 'POST', `/api/v1/admin/invoices/${first.json().invoiceId}/paid`);
    expect(errorOf(voided).code).toBe('failed-precondition');

    const [a, b] = await Promise.all([
      call(admin.token, 'POST', `/api/v1/admin/invoices/${second.invoiceId}/paid`),
      call(admin.token, 'POST', `/api/v1/admin/invoices/${second.invoiceId}/paid`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().paidAt).toBe(b.json().paidAt);
    expect(await count('select count(*)::int as n from payments where workspace_id = $1', [owner.workspace.id])).toBe(
      1,
    );
    const billing = (await call(owner.token, 'GET', '/api/v1/billing')).json();
    expect(billing).toMatchObject({ plan: 'pro', planStatus: 'active', interval: 'year', source: 'manual' });
    expect(billing.paymentMethod).toEqual({ type: 'invoice' });
    expect(billing.invoices[0]).toMatchObject({ status: 'paid', number: invoice.number });
    // The page's invoices (read with the rest of the page) are each what the invoice's own read answers.
    const paid = (await call(owner.token, 'GET', `/api/v1/billing/invoices/${second.invoiceId}`)).json();
    expect(billing.invoices.find((i: { id: string }) => i.id === second.invoiceId)).toEqual(paid);
    expect(paid.paidAt).toEqual(expect.any(String));
    expect(new Date(billing.currentPeriodEnd).getUTCFullYear()).toBe(new Date().getUTCFullYear() + 1);
    const me = (await getMe(t.app, owner.token)).json().user;
    expect(me).toMatchObject({ plan: 'pro', planStatus: 'active', aiAccess: true, limits: { maxCameras: 25 } });

    // A price change reaches this subscriber at the next period: the invoice stays, the renewal shows the new price.
    await call(admin.token, 'PATCH', '/api/v1/admin/plans/pro', { prices: { monthly: 35, yearly: 350 } });
    const after = (await call(owner.token, 'GET', '/api/v1/billing')).json();
    expect(after.invoices[0].amount).toBe(290);
    expect(after.nextAmount).toBe(350);
    // Limits reach subscribers at once.
    await call(admin.token, 'PATCH', '/api/v1/admin/plans/pro', {
      limits: { maxCameras: 30, maxRecordings: 1000, maxStorage: 100, aiAnalysisQuota: 5000 },
    });
    expect((await getMe(t.app, owner.token)).json().user.limits.maxCameras).toBe(30);
    await call(admin.token, 'PATCH', '/api/v1/admin/plans/pro', {
      prices: { monthly: 29, yearly: 290 },
      limits: { maxCameras: 25, maxRecordings: 1000, maxStorage: 100, aiAnalysisQuota: 5000 },
    });

    // The PDF is the owner's (and the administrator's), nobody else's.
    const pdf = await call(owner.token, 'GET', `/api/v1/billing/invoices/${second.invoiceId}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await signUp(t.app);
    expect((await call(stranger.token, 'GET', `/api/v1/billing/invoices/${second.invoiceId}/pdf`)).statusCode).toBe(
      404,
    );
  });

  it('cancel at period end and resume (manual); only the owner may', async () => {
    const owner = await signUp(t.app);
    const { invoiceId } = (
      await call(owner.token, 'POST', '/api/v1/billing/checkout', { plan: 'pro', interval: 'month' })
    ).json();
    await call(admin.token, 'POST', `/api/v1/admin/invoices/${invoiceId}/paid`);
    const canceled = (await call(owner.token, 'POST', '/api/v1/billing/cancel')).json();
    expect(canceled).toMatchObject({ planStatus: 'active', cancelAtPeriodEnd: true, nextAmount: null });
    const resumed = (await call(owner.token, 'POST', '/api/v1/billing/resume')).json();
    expect(resumed).toMatchObject({ planStatus: 'active', cancelAtPeriodEnd: false });
    const again = await call(owner.token, 'POST', '/api/v1/billing/resume');
    expect(errorOf(again).code).toBe('failed-precondition');
  });

  it('a trial the administrator ends makes the workspace read-only: live data stays, adding cameras and exports are refused', async () => {
    const owner = await signUp(t.app);
    expect((await addCamera(owner.token)).statusCode).toBe(201);
    const ended = await call(admin.token, 'PATCH', `/api/v1/admin/users/${owner.user.uid}/plan`, {
      trialEndDate: new Date().toISOString(),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().planStatus).toBe('expired');
    const refused = await addCamera(owner.token, 'Yard');
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'failed-precondition' });
    expect(errorOf(refused).message).toMatch(/trial has ended.*read-only.*Adding cameras.*Basic plan/);
    const exportRes = await call(owner.token, 'POST', '/api/v1/exports', {
      cameraId: (await call(owner.token, 'GET', '/api/v1/cameras')).json().items[0].id,
      from: new Date(Date.now() - 60_000).toISOString(),
      to: new Date().toISOString(),
    });
    expect(exportRes.statusCode).toBeGreaterThanOrEqual(400);
    expect((await call(owner.token, 'GET', '/api/v1/cameras')).json().items).toHaveLength(1);
    // Extending the trial lifts it.
    await call(admin.token, 'PATCH', `/api/v1/admin/users/${owner.user.uid}/plan`, {
      trialEndDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect((await addCamera(owner.token, 'Yard')).statusCode).toBe(201);
  });

  it('a trial whose end passes is expired at that instant, with no job run', async () => {
    const owner = await signUp(t.app);
    await withPg(t.databaseUrl, (c) =>
      c.query(`update subscriptions set trial_end_date = now() - interval '1 second' where workspace_id = $1`, [
        owner.workspace.id,
      ]),
    );
    expect((await call(owner.token, 'GET', '/api/v1/billing')).json().planStatus).toBe('expired');
    expect(errorOf(await addCamera(owner.token)).code).toBe('failed-precondition');
  });

  it('the administrator grants the vms plan (complimentary): flags and limits follow', async () => {
    const owner = await signUp(t.app);
    const res = await call(admin.token, 'PATCH', `/api/v1/admin/users/${owner.user.uid}/plan`, { plan: 'vms' });
    expect(res.json()).toMatchObject({ plan: 'vms', planStatus: 'active', vmsAccess: true, aiAccess: true });
    const billing = (await call(owner.token, 'GET', '/api/v1/billing')).json();
    expect(billing).toMatchObject({ source: 'complimentary', currentPeriodEnd: null, nextAmount: null });
    const unknown = await call(admin.token, 'PATCH', `/api/v1/admin/users/${owner.user.uid}/plan`, { plan: 'gold' });
    expect(unknown.statusCode).toBe(404);
  });

  it('trial reminders go out 3 days and 1 day before the end, once each', async () => {
    const { createBillingJobs } = await import('./billing-jobs.service.ts');
    const { createMailService } = await import('../mail/mail.service.ts');
    const { db, pool } = createDb(t.databaseUrl, 2);
    try {
      const jobs = createBillingJobs({
        db,
        mail: createMailService({ db, from: 'vigil@test' }),
        publicUrl: 'http://127.0.0.1:3000',
        log: () => {},
      });
      const owner = await signUp(t.app);
      const setEnd = (hours: number) =>
        withPg(t.databaseUrl, (c) =>
          c.query(
            `update subscriptions set trial_end_date = now() + make_interval(hours => $2) where workspace_id = $1`,
            [owner.workspace.id, hours],
          ),
        );
      const mails = () =>
        withPg(t.databaseUrl, async (c) =>
          (
            await c.query('select subject from mail_outbox where "to" = $1 order by created_at', [owner.user.email])
          ).rows.map((r) => r.subject as string),
        );
      await setEnd(96);
      await jobs.tasks['billing-hourly']();
      expect(await mails()).toEqual([]);
      await setEnd(60);
      await jobs.tasks['billing-hourly']();
      await jobs.tasks['billing-hourly']();
      expect(await mails()).toHaveLength(1);
      await setEnd(20);
      await jobs.tasks['billing-hourly']();
      await jobs.tasks['billing-hourly']();
      expect(await mails()).toHaveLength(2);
      expect((await mails())[1]).toMatch(/^Your Vigil trial ends on/);
    } finally {
      await pool.end();
    }
  });
});

describe('plan gate: features and limits name the plan that lifts them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t.app, { displayName: 'Admin' });
  });
  afterAll(() => t.close());

  it('vms and AI access: refused on basic naming the plan, allowed once the plan has the flag', async () => {
    const { planGate } = await import('./plan-gate.service.ts');
    const { db, pool } = createDb(t.databaseUrl, 2);
    try {
      const owner = await signUp(t.app);
      const vms = await planGate.assertFeature(db, owner.workspace.id, 'vms').catch((e) => e);
      expect(vms).toMatchObject({ code: 'failed-precondition' });
      expect(vms.message).toBe(
        'The multi-site VMS area is not part of your plan. Choose the VMS plan on the Upgrade page to lift it.',
      );
      const ai = await planGate.assertFeature(db, owner.workspace.id, 'aiAccess').catch((e) => e);
      expect(ai).toMatchObject({ code: 'permission-denied' });
      expect(ai.message).toMatch(/AI detection is not part of your plan\. Choose the Pro plan/);
      await withPg(t.databaseUrl, (c) =>
        c.query(`update subscriptions set plan_key = 'vms' where workspace_id = $1`, [owner.workspace.id]),
      );
      await expect(planGate.assertFeature(db, owner.workspace.id, 'vms')).resolves.toBeUndefined();
      expect(await planGate.limitMessage(db, 'aiAnalysisQuota', 5000)).toBe(
        'Your plan allows 5000 AI analyses per billing period. Choose the VMS plan on the Upgrade page to lift it.',
      );
      expect(await planGate.limitMessage(db, 'maxCameras', 500)).toBe(
        'Your plan allows 500 cameras. Ask your administrator for a plan that lifts it.',
      );
    } finally {
      await pool.end();
    }
  });
});
