import { createDb } from '@vigil/db';
import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, signUp } from '../../../../test/harness.ts';
import { errorOf, withPg } from '../../../../test/helpers.ts';
import { startTestWorker, waitForJobsToRun } from '../../../../test/job-helpers.ts';
import { createSecretBox } from '../../../lib/secrets.ts';
import { createStripeCatalogueJob } from './stripe-catalogue-job.service.ts';
import { startStripeApp } from '../../../../test/stripe-app.ts';
import type { StripeStub } from '../../../../test/stripe-stub.ts';

/**
 * Stripe as Stripe recommends: the catalogue made once and kept in line with the plans, one
 * subscription per workspace changed in place (up now with proration, down at the period's end by
 * a schedule), cancel and resume on it, a second subscription canceled on arrival. The real SDK
 * against the stand-in, which refuses any parameter Stripe would; each test asserts the exact calls.
 * The tests run in order: the catalogue this process caches is part of what they check.
 */
describe('Stripe: the catalogue, plan changes on the one subscription, cancel and resume', () => {
  let t: TestApp;
  let stripe: StripeStub;
  let admin: AuthResult;
  let hook: string;
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const billing = async (token: string) => (await call(token, 'GET', '/api/v1/billing')).json();
  const rows = (sql: string, args: unknown[]) => withPg(t.databaseUrl, async (c) => (await c.query(sql, args)).rows);
  /** The calls a step made, as "METHOD /path" with Stripe's ids replaced by their kind. */
  async function callsOf(step: () => Promise<unknown>) {
    const from = stripe.requests.length;
    await step();
    return stripe.callsSince(from).map((c) => c.replace(/\/(sub_sched|sub|price|txr|bpc|in)_[0-9a-f]+/g, '/$1_…'));
  }
  const lastForm = (path: RegExp) => [...stripe.requests].reverse().find((r) => path.test(r.path))!.form;
  const priceOf = (lookupKey: string) => [...stripe.prices.values()].find((p) => p.lookup_key === lookupKey)!;

  /** An owner on Pro monthly through Checkout, applied by the webhook. */
  async function subscribed() {
    const owner = await signUp(t.app);
    const res = await call(owner.token, 'POST', '/api/v1/billing/checkout', { plan: 'pro', interval: 'month' });
    expect(res.statusCode, res.body).toBe(200);
    const session = [...stripe.sessions.values()].at(-1)!;
    const sub = stripe.completeCheckout(session.id);
    expect((await stripe.send(hook, 'checkout.session.completed', session)).status).toBe(200);
    expect(await billing(owner.token)).toMatchObject({ plan: 'pro', planStatus: 'active', source: 'stripe' });
    return { owner, sub };
  }

  let world: Awaited<ReturnType<typeof startStripeApp>> | undefined;

  beforeAll(async () => {
    world = await startStripeApp();
    ({ stripe, t, hook, admin } = world);
    const saved = await call(admin.token, 'PUT', '/api/v1/admin/payment-settings', {
      provider: 'stripe',
      taxRate: 20,
      stripe: { publishableKey: 'pk_test_abcd', secretKey: stripe.key, webhookSecret: stripe.webhookSecret },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => world?.close());

  it('the Product, both Prices and the Tax Rate are made once; a second checkout only opens a session', async () => {
    const first = await signUp(t.app);
    const checkout = (token: string) =>
      call(token, 'POST', '/api/v1/billing/checkout', { plan: 'pro', interval: 'year' });
    expect(await callsOf(() => checkout(first.token))).toEqual([
      'GET /v1/products/vigil_plan_pro',
      'POST /v1/products',
      'GET /v1/prices',
      'POST /v1/prices',
      'POST /v1/prices',
      'GET /v1/tax_rates',
      'POST /v1/tax_rates',
      'POST /v1/checkout/sessions',
    ]);
    expect(lastForm(/^\/v1\/products$/)).toEqual({
      id: 'vigil_plan_pro',
      name: 'Vigil Pro',
      active: 'true',
      'metadata[planKey]': 'pro',
    });
    expect(priceOf('vigil_pro_month')).toMatchObject({ unit_amount: 2900, recurring: { interval: 'month' } });
    expect(priceOf('vigil_pro_year')).toMatchObject({ unit_amount: 29000, recurring: { interval: 'year' } });
    expect(lastForm(/^\/v1\/checkout\/sessions$/)['line_items[0][price]']).toBe(priceOf('vigil_pro_year').id);
    const second = await signUp(t.app);
    expect(await callsOf(() => checkout(second.token))).toEqual(['POST /v1/checkout/sessions']);
    expect(stripe.products.size).toBe(1);
    expect(stripe.taxRates.size).toBe(1);
  });

  it('a workspace with a live subscription is never offered a second Checkout', async () => {
    const { owner } = await subscribed();
    let res: Awaited<ReturnType<typeof call>> | undefined;
    expect(
      await callsOf(
        async () =>
          (res = await call(owner.token, 'POST', '/api/v1/billing/checkout', { plan: 'vms', interval: 'month' })),
      ),
    ).toEqual([]);
    expect(res!.statusCode).toBe(400);
    expect(errorOf(res!).code).toBe('failed-precondition');
  });

  it('a move up: Stripe’s preview, then subscriptions.update with proration charged now; the plan applies at once', async () => {
    const { owner, sub } = await subscribed();
    const input = { plan: 'vms', interval: 'month' };
    let preview: Record<string, unknown> = {};
    expect(
      await callsOf(
        async () => (preview = (await call(owner.token, 'POST', '/api/v1/billing/change/preview', input)).json()),
      ),
    ).toEqual([
      'GET /v1/subscriptions/sub_…',
      'GET /v1/products/vigil_plan_vms',
      'POST /v1/products',
      'GET /v1/prices',
      'POST /v1/prices',
      'POST /v1/prices',
      'POST /v1/invoices/create_preview',
    ]);
    const item = (sub.items as { data: { id: string }[] }).data[0]!.id;
    expect(lastForm(/create_preview/)).toEqual({
      customer: sub.customer,
      subscription: sub.id,
      'subscription_details[items][0][id]': item,
      'subscription_details[items][0][price]': priceOf('vigil_vms_month').id,
      'subscription_details[proration_behavior]': 'always_invoice',
    });
    expect(preview).toMatchObject({ plan: 'vms', timing: 'now', currency: 'EUR' });
    expect(preview.amountDue).toBe(stripe.lastPreview!.amountDue / 100);
    expect(preview.amountDue).toBeGreaterThan(80); // (99 − 29) × 1.2 for almost a whole month
    let after: Record<string, unknown> = {};
    expect(
      await callsOf(async () => (after = (await call(owner.token, 'POST', '/api/v1/billing/change', input)).json())),
    ).toEqual(['GET /v1/subscriptions/sub_…', 'POST /v1/subscriptions/sub_…']);
    expect(lastForm(/^\/v1\/subscriptions\//)).toEqual({
      'items[0][id]': item,
      'items[0][price]': priceOf('vigil_vms_month').id,
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      'expand[0]': 'default_payment_method',
    });
    expect(after).toMatchObject({ plan: 'vms', planStatus: 'active', source: 'stripe', interval: 'month' });
    expect(stripe.subscriptions.size).toBeGreaterThan(0);
    expect(
      await rows('select count(*)::int as n from subscriptions where stripe_subscription_id = $1', [sub.id]),
    ).toEqual([{ n: 1 }]);
  });

  it('a move down waits for the period’s end (a schedule); cancel releases it, resume keeps the plan', async () => {
    const { owner, sub } = await subscribed();
    const input = { plan: 'basic', interval: 'month' };
    const preview = (await call(owner.token, 'POST', '/api/v1/billing/change/preview', input)).json();
    const periodEnd = (sub.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end;
    expect(preview).toMatchObject({
      timing: 'period-end',
      amountDue: 10.8,
      effectiveAt: new Date(periodEnd * 1000).toISOString(),
    });
    expect(lastForm(/create_preview/)['subscription_details[proration_behavior]']).toBe('none');
    expect(await callsOf(() => call(owner.token, 'POST', '/api/v1/billing/change', input))).toEqual([
      'GET /v1/subscriptions/sub_…',
      'POST /v1/subscription_schedules',
      'GET /v1/subscription_schedules/sub_sched_…',
      'POST /v1/subscription_schedules/sub_sched_…',
      'GET /v1/subscriptions/sub_…',
    ]);
    const phases = lastForm(/^\/v1\/subscription_schedules\/sub_sched_[0-9a-f]+$/);
    expect(phases).toMatchObject({
      end_behavior: 'release',
      proration_behavior: 'none',
      'phases[0][items][0][price]': priceOf('vigil_pro_month').id,
      'phases[0][end_date]': String(periodEnd),
      'phases[1][items][0][price]': priceOf('vigil_basic_month').id,
      'phases[1][duration][interval]': 'month',
      'phases[1][metadata][planKey]': 'basic',
    });
    // Until the period ends the workspace keeps what it paid for; Billing says what comes and when.
    expect(await billing(owner.token)).toMatchObject({
      plan: 'pro',
      planStatus: 'active',
      pendingChange: {
        plan: 'basic',
        planName: 'Basic',
        interval: 'month',
        at: new Date(periodEnd * 1000).toISOString(),
      },
      // The next renewal is Basic's price (before tax), not Pro's.
      nextAmount: 9,
    });

    // Cancelling releases the pending move down first, then cancels at the period's end; resume undoes it.
    expect(await callsOf(() => call(owner.token, 'POST', '/api/v1/billing/cancel'))).toEqual([
      'GET /v1/subscriptions/sub_…',
      'POST /v1/subscription_schedules/sub_sched_…/release',
      'POST /v1/subscriptions/sub_…',
    ]);
    expect(lastForm(/^\/v1\/subscriptions\//)).toEqual({
      cancel_at_period_end: 'true',
      'expand[0]': 'default_payment_method',
    });
    expect(await billing(owner.token)).toMatchObject({
      plan: 'pro',
      planStatus: 'active',
      cancelAtPeriodEnd: true,
      pendingChange: null,
    });
    expect(await callsOf(() => call(owner.token, 'POST', '/api/v1/billing/resume'))).toEqual([
      'GET /v1/subscriptions/sub_…',
      'POST /v1/subscriptions/sub_…',
    ]);
    expect(lastForm(/^\/v1\/subscriptions\//)).toEqual({
      cancel_at_period_end: 'false',
      'expand[0]': 'default_payment_method',
    });
    expect(await billing(owner.token)).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: false });

    // Scheduled again, the period ends: Stripe's update (the new Price) puts the workspace on Basic.
    await call(owner.token, 'POST', '/api/v1/billing/change', input);
    stripe.renew(sub.id);
    await stripe.send(hook, 'customer.subscription.updated', stripe.subscriptions.get(sub.id)!);
    expect(await billing(owner.token)).toMatchObject({ plan: 'basic', planStatus: 'active', interval: 'month' });
  });

  it('a webhook for a second subscription of the workspace cancels the newer one and audits it', async () => {
    const { owner, sub } = await subscribed();
    const second = stripe.addSubscription({
      customer: sub.customer as string,
      price: priceOf('vigil_vms_month').id,
      metadata: { workspaceId: owner.workspace.id, planKey: 'vms', interval: 'month' },
    });
    let res: Response | undefined;
    expect(await callsOf(async () => (res = await stripe.send(hook, 'customer.subscription.created', second)))).toEqual(
      ['GET /v1/subscriptions/sub_…', 'DELETE /v1/subscriptions/sub_…'],
    );
    expect(stripe.requests.at(-1)!.path).toBe(`/v1/subscriptions/${second.id}`);
    expect(res!.status).toBe(200);
    expect(stripe.subscriptions.get(second.id)!.status).toBe('canceled');
    expect(stripe.subscriptions.get(sub.id)!.status).toBe('active');
    expect(await billing(owner.token)).toMatchObject({ plan: 'pro', planStatus: 'active' });
    const audited = await rows(
      `select details from audit_log where action = 'plan.duplicate-canceled' and workspace_id = $1`,
      [owner.workspace.id],
    );
    expect(audited).toEqual([
      { details: { kept: sub.id, canceled: second.id, event: 'customer.subscription.created' } },
    ]);
    // Its later news (canceled) changes nothing for the workspace.
    await stripe.send(hook, 'customer.subscription.deleted', stripe.subscriptions.get(second.id)!);
    expect(await billing(owner.token)).toMatchObject({ plan: 'pro', planStatus: 'active' });
  });

  it('a price edit: a new Price takes the lookup key, the old one is archived, the portal offers the new one', async () => {
    const old = priceOf('vigil_pro_month');
    const edit = () => call(admin.token, 'PATCH', '/api/v1/admin/plans/pro', { prices: { monthly: 35, yearly: 290 } });
    // The save asks Stripe nothing: it queues the catalogue's sync, which a work process runs.
    expect(await callsOf(edit)).toEqual([]);
    const { db, pool } = createDb(t.databaseUrl, 2);
    const catalogue = createStripeCatalogueJob({
      db,
      secrets: createSecretBox(t.config.authSecret),
      stripeApiUrl: t.config.stripeApiUrl,
    });
    let worker: Awaited<ReturnType<typeof startTestWorker>> | undefined;
    const synced = await callsOf(async () => {
      worker = await startTestWorker({ databaseUrl: t.databaseUrl, db, tasks: { 'stripe-catalogue': catalogue } });
      await waitForJobsToRun(db, 'stripe-catalogue', { planKey: 'pro' });
    }).finally(async () => {
      await worker?.stop();
      await pool.end();
    });
    expect(synced.slice(0, 4)).toEqual([
      'GET /v1/products/vigil_plan_pro',
      'GET /v1/prices',
      'POST /v1/prices',
      'POST /v1/prices/price_…',
    ]);
    // A fresh work process knows nothing of the other plans on sale: it looks them up (reads only,
    // side by side, so in either order) before it sets the portal's Prices.
    expect(synced.slice(4, -2).sort()).toEqual([
      'GET /v1/prices',
      'GET /v1/prices',
      'GET /v1/products/vigil_plan_basic',
      'GET /v1/products/vigil_plan_vms',
    ]);
    expect(synced.slice(-2)).toEqual([
      'GET /v1/billing_portal/configurations',
      'POST /v1/billing_portal/configurations',
    ]);
    const fresh = priceOf('vigil_pro_month');
    expect(fresh).toMatchObject({ unit_amount: 3500, active: true });
    expect(fresh.id).not.toBe(old.id);
    expect(stripe.prices.get(old.id)).toMatchObject({ active: false, lookup_key: null });
    const portal = lastForm(/^\/v1\/billing_portal\/configurations$/);
    const offered = Object.entries(portal)
      .filter(([k]) => /\[prices\]/.test(k))
      .map(([, v]) => v);
    expect(offered).toContain(fresh.id);
    expect(offered).not.toContain(old.id);
    expect(portal).toMatchObject({
      'features[subscription_update][enabled]': 'true',
      'features[subscription_update][proration_behavior]': 'always_invoice',
      'features[subscription_update][schedule_at_period_end][conditions][0][type]': 'decreasing_item_amount',
      'features[subscription_cancel][mode]': 'at_period_end',
    });
    // The portal opens under that configuration. The API process did not make it (the work process
    // did): it finds Vigil's one configuration and checks it once, then asks nothing more.
    const { owner, sub } = await subscribed();
    const portalCall = () => call(owner.token, 'POST', '/api/v1/billing/portal');
    expect(await callsOf(portalCall)).toEqual([
      'GET /v1/billing_portal/configurations',
      'POST /v1/billing_portal/configurations/bpc_…',
      'POST /v1/billing_portal/sessions',
    ]);
    expect(stripe.portalConfigurations.size).toBe(1);
    expect(lastForm(/billing_portal\/sessions/)).toMatchObject({
      customer: sub.customer,
      configuration: [...stripe.portalConfigurations.keys()][0],
    });
    expect(await callsOf(portalCall)).toEqual(['POST /v1/billing_portal/sessions']);
  });
});
