import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  type Form,
  type Obj,
  StubError,
  checkParams,
  flag,
  listOf,
  metadataOf,
  newId as id,
  now,
  routeOf,
  under,
} from './stripe-stub-api.ts';
import { catalogueRoute } from './stripe-stub-catalogue.ts';

/**
 * A stand-in for api.stripe.com on 127.0.0.1 that the real `stripe` SDK talks to (STRIPE_API_URL).
 * It checks the secret key (Stripe's 401 otherwise) and every call's route and parameters
 * (stripe-stub-api.ts), records every request's form fields so tests assert the exact calls, keeps
 * the catalogue (products, prices, tax rates, the portal's configuration), sessions, subscriptions,
 * schedules and invoices in memory so a test can move them along, and posts signed webhooks to
 * Vigil with the SDK's own test-header helper.
 */
export interface StubRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}
export type { Obj };

export interface StripeStub {
  url: string;
  key: string;
  webhookSecret: string;
  requests: StubRequest[];
  /** The requests as "METHOD /path" since `from` (an index into requests), for asserting the exact calls. */
  callsSince(from: number): string[];
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  products: Map<string, Obj>;
  prices: Map<string, Obj>;
  taxRates: Map<string, Obj>;
  portalConfigurations: Map<string, Obj>;
  schedules: Map<string, Obj>;
  /** The amount the last invoice preview answered (minor units). */
  lastPreview: { amountDue: number } | null;
  /** While set, reading a subscription answers 500 (Stripe down). */
  failing: { on: boolean };
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

const DAY = 86_400;

export async function startStripeStub(): Promise<StripeStub> {
  const key = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  const requests: StubRequest[] = [];
  const objects = () => new Map<string, Obj>();
  const sessions = objects();
  const subscriptions = objects();
  const invoices = objects();
  const products = objects();
  const prices = objects();
  const taxRates = objects();
  const portalConfigurations = objects();
  const schedules = objects();
  const failing = { on: false };
  const sdk = new Stripe(key);

  const must = (m: Map<string, Obj>, objectId: string | undefined, what = 'object') => {
    const o = objectId ? m.get(objectId) : undefined;
    if (!o) throw new StubError(404, `No such ${what}: '${objectId}'`);
    return o;
  };
  const activePrice = (priceId: string | undefined) => {
    const p = must(prices, priceId, 'price');
    if (!p.active) throw new StubError(400, `The price ${priceId} is archived`);
    return p;
  };
  const activeTaxRate = (txr: string | undefined) => {
    const r = must(taxRates, txr, 'tax_rate');
    if (!r.active) throw new StubError(400, `The tax rate ${txr} is archived`);
    return r;
  };
  const itemOf = (sub: Obj) =>
    (sub.items as { data: { id: string; price: Obj; current_period_start: number; current_period_end: number }[] })
      .data[0]!;

  function subscription(o: { customer: string; price: Obj; metadata: Record<string, string>; taxRates: string[] }) {
    const sub: Obj = {
      id: id('sub'),
      object: 'subscription',
      status: 'active',
      created: now(),
      customer: o.customer,
      cancel_at_period_end: false,
      schedule: null,
      metadata: o.metadata,
      default_tax_rates: o.taxRates.map((t) => taxRates.get(t)),
      default_payment_method: { id: id('pm'), object: 'payment_method', card: { brand: 'visa', last4: '4242' } },
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            quantity: 1,
            current_period_start: now(),
            current_period_end: now() + 30 * DAY,
            price: o.price,
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    return sub;
  }

  /** Minor units of an invoice preview: the prorated difference now, or the next period at the new price; tax on top. */
  function preview(form: Form): Obj {
    const sub = must(subscriptions, form.subscription, 'subscription');
    if (form.customer !== sub.customer) throw new StubError(400, 'The customer does not own this subscription');
    const [item] = listOf(under(form, 'subscription_details'), '[items]');
    if (item?.id !== itemOf(sub).id) throw new StubError(400, 'subscription_details.items must name the item');
    const next = activePrice(item.price);
    const cur = itemOf(sub);
    const behavior = form['subscription_details[proration_behavior]'];
    let amount = next.unit_amount as number;
    if (behavior === 'always_invoice') {
      const left = (cur.current_period_end - now()) / (cur.current_period_end - cur.current_period_start);
      amount = Math.max(0, Math.round((amount - (cur.price.unit_amount as number)) * left));
    } else if (behavior !== 'none') throw new StubError(400, 'proration_behavior must be given');
    const percent = ((sub.default_tax_rates as { percentage: number }[])[0]?.percentage ?? 0) / 100;
    const amountDue = Math.round(amount * (1 + percent));
    stub.lastPreview = { amountDue };
    return { id: 'upcoming_in', object: 'invoice', amount_due: amountDue, currency: next.currency as string };
  }

  function handle(route: string, objectId: string | undefined, form: Form): unknown {
    switch (route) {
      case 'GET /account':
        return { id: 'acct_stub', object: 'account', settings: { dashboard: { display_name: 'Stub Shop' } } };
      case 'POST /checkout/sessions': {
        if (Object.keys(form).some((k) => k.includes('price_data') || k.includes('product_data')))
          throw new StubError(400, 'Checkout here takes catalogue Prices, not inline price_data');
        activePrice(form['line_items[0][price]']);
        const tax = form['subscription_data[default_tax_rates][0]'];
        if (tax) activeTaxRate(tax);
        const s: Obj = {
          id: id('cs_test'),
          object: 'checkout.session',
          mode: form.mode,
          status: 'open',
          url: `https://checkout.stripe.test/c/pay/${randomBytes(6).toString('hex')}`,
          client_reference_id: form.client_reference_id ?? null,
          metadata: metadataOf(form),
          customer: form.customer ?? null,
          customer_email: form.customer_email ?? null,
          subscription: null,
          form,
        };
        sessions.set(s.id, s);
        return s;
      }
      case 'GET /checkout/sessions/:id':
        return must(sessions, objectId, 'checkout.session');
      case 'GET /subscriptions/:id':
        if (failing.on) throw new StubError(500, 'Stripe is having a bad day', 'api_error');
        return must(subscriptions, objectId, 'subscription');
      case 'POST /subscriptions/:id': {
        const sub = must(subscriptions, objectId, 'subscription');
        if (sub.schedule && ('cancel_at_period_end' in form || 'items[0][price]' in form))
          throw new StubError(400, `The subscription is managed by the subscription schedule ${sub.schedule}`);
        if ('cancel_at_period_end' in form) sub.cancel_at_period_end = flag(form.cancel_at_period_end);
        if ('items[0][price]' in form) {
          const item = itemOf(sub);
          if (form['items[0][id]'] !== item.id) throw new StubError(400, 'items[0][id] must name the item');
          if (!form.proration_behavior) throw new StubError(400, 'proration_behavior must be given');
          item.price = activePrice(form['items[0][price]']);
        }
        return sub;
      }
      case 'DELETE /subscriptions/:id':
        return Object.assign(must(subscriptions, objectId, 'subscription'), { status: 'canceled' });
      case 'POST /subscription_schedules': {
        const sub = must(subscriptions, form.from_subscription, 'subscription');
        if (sub.schedule) throw new StubError(400, 'The subscription already has a schedule');
        const item = itemOf(sub);
        const s: Obj = {
          id: id('sub_sched'),
          object: 'subscription_schedule',
          status: 'active',
          subscription: sub.id,
          end_behavior: 'release',
          phases: [
            {
              start_date: item.current_period_start,
              end_date: item.current_period_end,
              items: [{ price: item.price.id, quantity: 1 }],
            },
          ],
        };
        schedules.set(s.id, s);
        sub.schedule = s.id;
        return s;
      }
      case 'GET /subscription_schedules/:id':
        return must(schedules, objectId, 'subscription_schedule');
      case 'POST /subscription_schedules/:id': {
        const s = must(schedules, objectId, 'subscription_schedule');
        const phases = listOf(form, 'phases').map((_, i) => {
          const price = form[`phases[${i}][items][0][price]`];
          activePrice(price);
          return { price, metadata: metadataOf(form, `phases[${i}][metadata]`) };
        });
        if (!form['phases[0][end_date]']) throw new StubError(400, 'The current phase needs an end_date');
        if (!form['phases[1][duration][interval]']) throw new StubError(400, 'The next phase needs a duration');
        return Object.assign(s, { end_behavior: form.end_behavior, phases, form });
      }
      case 'POST /subscription_schedules/:id/release': {
        const s = must(schedules, objectId, 'subscription_schedule');
        subscriptions.get(s.subscription as string)!.schedule = null;
        return Object.assign(s, { status: 'released' });
      }
      case 'POST /invoices/create_preview':
        return preview(form);
      case 'GET /invoices/:id':
        return must(invoices, objectId, 'invoice');
      default:
        return catalogueRoute(route, objectId, form, {
          products,
          prices,
          taxRates,
          portalConfigurations,
          must,
          activePrice,
        });
    }
  }

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
    lastPreview: null,
    failing,
    completeCheckout(sessionId, o = {}) {
      const s = sessions.get(sessionId)!;
      const form = s.form as Form;
      const customer = (s.customer as string | null) ?? id('cus');
      const tax = form['subscription_data[default_tax_rates][0]'];
      const sub = subscription({
        customer,
        price: prices.get(form['line_items[0][price]']!)!,
        metadata: metadataOf(form, 'subscription_data[metadata]'),
        taxRates: tax ? [tax] : [],
      });
      if (o.periodEnd) itemOf(sub).current_period_end = Math.floor(o.periodEnd.getTime() / 1000);
      Object.assign(s, { status: 'complete', customer, subscription: sub.id });
      return sub;
    },
    addSubscription: (o) => subscription({ ...o, price: prices.get(o.price)!, taxRates: [] }),
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
