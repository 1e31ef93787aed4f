import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  type Form,
  type Obj,
  StubError,
  checkParams,
  metadataOf,
  newId as id,
  now,
  routeOf,
} from './stripe-stub-api.ts';
import { type StubStore, itemOf, newSubscription, stubStore } from './stripe-stub-store.ts';
import { subscriptionRoute } from './stripe-stub-subscriptions.ts';

/**
 * A stand-in for api.stripe.com on 127.0.0.1 that the real `stripe` SDK talks to (STRIPE_API_URL).
 * It checks the secret key (Stripe's 401 otherwise) and every call's route and parameters
 * (stripe-stub-api.ts), records every request's form fields so tests assert the exact calls, keeps
 * the catalogue (products, prices, tax rates, the portal's configuration: stripe-stub-catalogue.ts),
 * sessions, subscriptions, schedules and invoices (stripe-stub-subscriptions.ts) in memory
 * (stripe-stub-store.ts) so a test can move them along, and posts signed webhooks to Vigil with the
 * SDK's own test-header helper.
 */
export interface StubRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}
export type { Obj };

/** What the stand-in keeps (its objects by kind, the last preview, the outage switch) and what a test does with it. */
export interface StripeStub extends Omit<StubStore, 'must' | 'activePrice' | 'activeTaxRate'> {
  url: string;
  key: string;
  webhookSecret: string;
  requests: StubRequest[];
  /** The requests as "METHOD /path" since `from` (an index into requests), for asserting the exact calls. */
  callsSince(from: number): string[];
  /** The customer paid in Checkout: a customer, an active subscription with a card; the session is complete. */
  completeCheckout(sessionId: string, o?: { periodEnd?: Date }): Obj;
  /** A subscription made outside Vigil's flow (another tab's Checkout, the dashboard) for the same price. */
  addSubscription(o: { customer: string; price: string; metadata: Record<string, string> }): Obj;
  setSubscription(id: string, patch: Record<string, unknown>): Obj;
  /** The period ends: a subscription under a schedule moves to its next phase, and the schedule is released. */
  renew(subscriptionId: string): Obj;
  /** An invoice of a subscription, as Stripe issues it at each period. */
  addInvoice(subscriptionId: string, o: { status: 'paid' | 'open'; total: number; tax?: number }): Obj;
  /** Posts a signed event to `url` (its id given for a redelivery; a wrong signature on demand). */
  send(url: string, type: string, object: Obj, o?: { id?: string; signature?: string }): Promise<Response>;
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));
}

async function formOf(req: IncomingMessage, url: URL): Promise<Form> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return {
    ...Object.fromEntries(url.searchParams),
    ...Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString())),
  };
}

export async function startStripeStub(): Promise<StripeStub> {
  const key = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  const requests: StubRequest[] = [];
  const store = stubStore();
  const { sessions, subscriptions, invoices, products, prices, taxRates, portalConfigurations, schedules } = store;
  const sdk = new Stripe(key);

  const handle = (route: string, objectId: string | undefined, form: Form): unknown =>
    route === 'GET /account'
      ? { id: 'acct_stub', object: 'account', settings: { dashboard: { display_name: 'Stub Shop' } } }
      : subscriptionRoute(route, objectId, form, store);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const form = await formOf(req, url);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, form });
    if (req.headers.authorization !== `Bearer ${key}`)
      return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const { route, id: objectId } = routeOf(req.method ?? 'GET', url.pathname);
    try {
      checkParams(route, form);
      return json(res, 200, handle(route, objectId, form));
    } catch (e) {
      if (!(e instanceof StubError)) throw e;
      return json(res, e.status, { error: { type: e.type, message: e.message } });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;

  const stub: StripeStub = {
    url: `http://127.0.0.1:${port}`,
    key,
    webhookSecret,
    requests,
    callsSince: (from) => requests.slice(from).map((r) => `${r.method} ${r.path}`),
    sessions,
    subscriptions,
    invoices,
    products,
    prices,
    taxRates,
    portalConfigurations,
    schedules,
    get lastPreview() {
      return store.lastPreview;
    },
    failing: store.failing,
    completeCheckout(sessionId, o = {}) {
      const s = sessions.get(sessionId)!;
      const form = s.form as Form;
      const customer = (s.customer as string | null) ?? id('cus');
      const tax = form['subscription_data[default_tax_rates][0]'];
      const sub = newSubscription(store, {
        customer,
        price: prices.get(form['line_items[0][price]']!)!,
        metadata: metadataOf(form, 'subscription_data[metadata]'),
        taxRates: tax ? [tax] : [],
      });
      if (o.periodEnd) itemOf(sub).current_period_end = Math.floor(o.periodEnd.getTime() / 1000);
      Object.assign(s, { status: 'complete', customer, subscription: sub.id });
      return sub;
    },
    addSubscription: (o) => newSubscription(store, { ...o, price: prices.get(o.price)!, taxRates: [] }),
    setSubscription(subId, patch) {
      return Object.assign(subscriptions.get(subId)!, patch);
    },
    renew(subId) {
      const sub = subscriptions.get(subId)!;
      const item = itemOf(sub);
      const schedule = sub.schedule ? schedules.get(sub.schedule as string) : undefined;
      const next = (schedule?.phases as { price: string; metadata: Record<string, string> }[] | undefined)?.[1];
      if (next) {
        item.price = prices.get(next.price)!;
        sub.metadata = { ...(sub.metadata as object), ...next.metadata };
        Object.assign(schedule!, { status: 'released' });
        sub.schedule = null;
      }
      const length = item.current_period_end - item.current_period_start;
      item.current_period_start = item.current_period_end;
      item.current_period_end += length;
      return sub;
    },
    addInvoice(subId, o) {
      const item = itemOf(subscriptions.get(subId)!);
      const tax = o.tax ?? 0;
      const inv: Obj = {
        id: id('in'),
        object: 'invoice',
        number: `STUB-${randomBytes(3).toString('hex').toUpperCase()}`,
        status: o.status,
        currency: 'eur',
        subtotal: o.total - tax,
        subtotal_excluding_tax: o.total - tax,
        total: o.total,
        amount_paid: o.status === 'paid' ? o.total : 0,
        created: now(),
        period_start: item.current_period_start,
        period_end: item.current_period_start,
        status_transitions: { paid_at: o.status === 'paid' ? now() : null },
        invoice_pdf: `https://pay.stripe.test/invoice/${randomBytes(4).toString('hex')}/pdf`,
        customer_name: 'Stub Customer',
        customer_email: 'customer@stub.test',
        lines: {
          object: 'list',
          data: [{ period: { start: item.current_period_start, end: item.current_period_end } }],
        },
        parent: { type: 'subscription_details', subscription_details: { subscription: subId } },
      };
      invoices.set(inv.id, inv);
      return inv;
    },
    async send(target, type, object, o = {}) {
      const payload = JSON.stringify({
        id: o.id ?? id('evt'),
        object: 'event',
        type,
        created: now(),
        api_version: Stripe.API_VERSION,
        data: { object },
      });
      const signature = o.signature ?? sdk.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return stub;
}
