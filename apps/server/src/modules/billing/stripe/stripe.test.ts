import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, signUp } from '../../../../test/harness.ts';
import { errorOf, withPg } from '../../../../test/helpers.ts';
import { startStripeApp } from '../../../../test/stripe-app.ts';
import type { StripeStub } from '../../../../test/stripe-stub.ts';

/**
 * Stripe: the real `stripe` SDK against a local stand-in that checks what it is sent;
 * webhooks signed with the SDK's test-header helper, posted over HTTP.
 */
describe('Stripe: Checkout, webhooks applied once and in the right order, the portal', () => {
  let t: TestApp;
  let stripe: StripeStub;
  let admin: AuthResult;
  let hook: string;
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const billing = async (token: string) => (await call(token, 'GET', '/api/v1/billing')).json();
  const rows = (sql: string, args: unknown[]) => withPg(t.databaseUrl, async (c) => (await c.query(sql, args)).rows);

  /** An owner who went through Checkout: the session the stub holds, completed with an active subscription. */
  async function checkedOut() {
    const owner = await signUp(t.app);
    const res = await call(owner.token, 'POST', '/api/v1/billing/checkout', { plan: 'pro', interval: 'month' });
    expect(res.statusCode, res.body).toBe(200);
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(res.json().url).toBe(session.url);
    const sub = stripe.completeCheckout(session.id);
    return { owner, session, sub };
  }

  let world: Awaited<ReturnType<typeof startStripeApp>> | undefined;

  beforeAll(async () => {
    world = await startStripeApp();
    ({ stripe, t, hook, admin } = world);
  });
  afterAll(() => world?.close());

  it('connects Stripe only with a key Stripe accepts; secrets are sealed and shown by their end', async () => {
    const refused = await call(admin.token, 'PUT', '/api/v1/admin/payment-settings', {
      provider: 'stripe',
      stripe: { publishableKey: 'pk_test_abcd', secretKey: 'sk_test_wrongwrong', webhookSecret: stripe.webhookSecret },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ 'stripe.secretKey': 'Stripe refused this key' });
    expect((await call(admin.token, 'GET', '/api/v1/admin/payment-settings')).json().provider).toBe('manual');
    const saved = await call(admin.token, 'PUT', '/api/v1/admin/payment-settings', {
      provider: 'stripe',
      taxRate: 20,
      stripe: { publishableKey: 'pk_test_abcd', secretKey: stripe.key, webhookSecret: stripe.webhookSecret },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      provider: 'stripe',
      stripe: { accountName: 'Stub Shop', secretKeyHint: `…${stripe.key.slice(-4)}` },
    });
    const stored = JSON.stringify(await rows(`select value from installation_settings where key = 'payments'`, []));
    expect(stored).not.toContain(stripe.key);
    expect(stored).not.toContain(stripe.webhookSecret);
  });

  it('Checkout in subscription mode with the plan’s catalogue Price, the workspace and plan in metadata, tax as the default rate', async () => {
    const { owner, session } = await checkedOut();
    const form = session.form as Record<string, string>;
    const price = stripe.prices.get(form['line_items[0][price]']!)!;
    expect(price).toMatchObject({ lookup_key: 'vigil_pro_month', unit_amount: 2900, currency: 'eur', active: true });
    expect(form).toMatchObject({
      mode: 'subscription',
      client_reference_id: owner.workspace.id,
      customer_email: owner.user.email,
      'metadata[planKey]': 'pro',
      'subscription_data[metadata][workspaceId]': owner.workspace.id,
      'line_items[0][quantity]': '1',
    });
    expect(Object.keys(form).some((k) => k.includes('price_data'))).toBe(false);
    expect(stripe.taxRates.get(form['subscription_data[default_tax_rates][0]']!)).toMatchObject({ percentage: 20 });
    expect(form.success_url).toBe('http://127.0.0.1:3000/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}');
  });

  it('a bad signature is refused and changes nothing', async () => {
    const { owner, session } = await checkedOut();
    const res = await stripe.send(hook, 'checkout.session.completed', session, { signature: 't=1,v1=deadbeef' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid-argument');
    expect((await billing(owner.token)).planStatus).toBe('trial');
  });

  it('checkout.session.completed makes the plan active; a redelivery and a second invoice.paid apply once', async () => {
    const { owner, session, sub } = await checkedOut();
    const first = await stripe.send(hook, 'checkout.session.completed', session, { id: 'evt_dup_1' });
    expect(await first.json()).toEqual({ received: true, result: 'applied' });
    const again = await stripe.send(hook, 'checkout.session.completed', session, { id: 'evt_dup_1' });
    expect(await again.json()).toEqual({ received: true, result: 'duplicate' });
    const b = await billing(owner.token);
    expect(b).toMatchObject({ plan: 'pro', planStatus: 'active', source: 'stripe', interval: 'month' });
    expect(b.paymentMethod).toEqual({ type: 'card', brand: 'visa', last4: '4242' });
    const invoice = stripe.addInvoice(sub.id, { status: 'paid', total: 3480, tax: 580 });
    for (const eventId of ['evt_paid_1', 'evt_paid_1', 'evt_paid_2'])
      expect((await stripe.send(hook, 'invoice.paid', invoice, { id: eventId })).status).toBe(200);
    expect(await rows('select count(*)::int as n from payments where workspace_id = $1', [owner.workspace.id])).toEqual(
      [{ n: 1 }],
    );
    const [inv] = (await billing(owner.token)).invoices;
    expect(inv).toMatchObject({
      provider: 'stripe',
      status: 'paid',
      total: 34.8,
      tax: 5.8,
      pdfUrl: invoice.invoice_pdf,
    });
    const me = (await call(owner.token, 'GET', '/api/v1/me')).json().user;
    expect(me).toMatchObject({ plan: 'pro', planStatus: 'active', limits: { maxCameras: 25 } });
    // The portal for the customer Stripe knows.
    expect((await call(owner.token, 'POST', '/api/v1/billing/portal')).json()).toEqual({
      url: 'https://billing.stripe.test/p/session',
    });
    expect(stripe.requests.at(-1)?.form.customer).toBe(sub.customer);
  });

  it('out of order: a late “updated (active)” after “deleted” ends canceled, because Stripe is re-read', async () => {
    const { owner, session, sub } = await checkedOut();
    await stripe.send(hook, 'checkout.session.completed', session);
    const snapshotActive = structuredClone(sub);
    stripe.setSubscription(sub.id, { status: 'canceled' });
    await stripe.send(hook, 'customer.subscription.deleted', stripe.subscriptions.get(sub.id)!);
    const late = await stripe.send(hook, 'customer.subscription.updated', snapshotActive);
    expect(late.status).toBe(200);
    expect((await billing(owner.token)).planStatus).toBe('canceled');
  });

  it('out of order: invoice.paid before checkout.session.completed still activates and records the payment once', async () => {
    const { owner, session, sub } = await checkedOut();
    const invoice = stripe.addInvoice(sub.id, { status: 'paid', total: 2900 });
    await stripe.send(hook, 'invoice.paid', invoice);
    expect((await billing(owner.token)).planStatus).toBe('active');
    await stripe.send(hook, 'checkout.session.completed', session);
    const b = await billing(owner.token);
    expect(b).toMatchObject({ planStatus: 'active', plan: 'pro' });
    expect(b.invoices).toHaveLength(1);
  });

  it('a failed renewal is past_due, then canceled by Stripe', async () => {
    const { owner, session, sub } = await checkedOut();
    await stripe.send(hook, 'checkout.session.completed', session);
    stripe.setSubscription(sub.id, { status: 'past_due' });
    const open = stripe.addInvoice(sub.id, { status: 'open', total: 2900 });
    await stripe.send(hook, 'invoice.payment_failed', open);
    expect((await billing(owner.token)).planStatus).toBe('past_due');
    stripe.setSubscription(sub.id, { status: 'canceled' });
    await stripe.send(hook, 'customer.subscription.deleted', stripe.subscriptions.get(sub.id)!);
    expect((await billing(owner.token)).planStatus).toBe('canceled');
  });

  it('a failure is stored for the administrator; the retry applies it once', async () => {
    const { owner, session } = await checkedOut();
    stripe.failing.on = true;
    const res = await stripe.send(hook, 'checkout.session.completed', session, { id: 'evt_retry_me' });
    stripe.failing.on = false;
    expect(res.status).toBe(503);
    expect((await billing(owner.token)).planStatus).toBe('trial');
    const failed = (await call(admin.token, 'GET', '/api/v1/admin/webhook-events?status=failed')).json().items;
    expect(failed.map((e: { id: string }) => e.id)).toContain('evt_retry_me');
    const retried = await call(admin.token, 'POST', '/api/v1/admin/webhook-events/evt_retry_me/retry');
    expect(retried.json()).toMatchObject({ id: 'evt_retry_me', status: 'applied', error: null, attempts: 2 });
    expect((await billing(owner.token)).planStatus).toBe('active');
    const redelivered = await stripe.send(hook, 'checkout.session.completed', session, { id: 'evt_retry_me' });
    expect(((await redelivered.json()) as { result: string }).result).toBe('duplicate');
  });

  it('back from Checkout before the webhook: the sync reads the session from Stripe and shows the true state', async () => {
    const { owner, session } = await checkedOut();
    const res = await call(owner.token, 'POST', '/api/v1/billing/checkout/sync', { sessionId: session.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ planStatus: 'active', plan: 'pro', source: 'stripe' });
    const stranger = await signUp(t.app);
    const foreign = await call(stranger.token, 'POST', '/api/v1/billing/checkout/sync', { sessionId: session.id });
    expect(foreign.statusCode).toBe(404);
  });
});
