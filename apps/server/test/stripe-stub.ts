import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for api.stripe.com on 127.0.0.1 that the real `stripe` SDK talks to (STRIPE_API_URL).
 * It checks the secret key (Stripe's 401 otherwise), records every request's form fields, keeps
 * sessions, subscriptions and invoices in memory so a test can move them along, and posts signed
 * webhooks to Vigil with the SDK's own test-header helper.
 */
export interface StubRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}

type Obj = Record<string, unknown> & { id: string };

export interface StripeStub {
  url: string;
  key: string;
  webhookSecret: string;
  requests: StubRequest[];
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  /** While set, reading a subscription answers 500 (Stripe down). */
  failing: { on: boolean };
  /** The customer paid in Checkout: a customer, an active subscription with a card; the session is complete. */
  completeCheckout(sessionId: string, o?: { periodEnd?: Date }): Obj;
  setSubscription(id: string, patch: Record<string, unknown>): Obj;
  /** An invoice of a subscription, as Stripe issues it at each period. */
  addInvoice(subscriptionId: string, o: { status: 'paid' | 'open'; total: number; tax?: number }): Obj;
  /** Posts a signed event to `url` (its id given for a redelivery; a wrong signature on demand). */
  send(url: string, type: string, object: Obj, o?: { id?: string; signature?: string }): Promise<Response>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));
}

const stripeError = (type: string, message: string) => ({ error: { type, message } });

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
}

export async function startStripeStub(): Promise<StripeStub> {
  const key = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  const requests: StubRequest[] = [];
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const failing = { on: false };
  const sdk = new Stripe(key);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const form = req.method === 'POST' ? await formOf(req) : Object.fromEntries(url.searchParams);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, form });
    if (req.headers.authorization !== `Bearer ${key}`)
      return json(res, 401, stripeError('invalid_request_error', 'Invalid API Key provided'));
    // "POST /checkout/sessions", "GET /subscriptions/:id", …: the path with its last id replaced.
    const p = url.pathname.replace(/^\/v1/, '');
    const objectId = /\/((?:cs_test|sub|in)_[0-9a-f]+)$/.exec(p)?.[1];
    const route = `${req.method} ${objectId ? p.replace(objectId, ':id') : p}`;
    const found = (m: Map<string, Obj>) => {
      const o = objectId ? m.get(objectId) : undefined;
      if (!o) json(res, 404, stripeError('invalid_request_error', `No such object: '${objectId}'`));
      return o;
    };
    switch (route) {
      case 'GET /account':
        return json(res, 200, {
          id: 'acct_stub',
          object: 'account',
          settings: { dashboard: { display_name: 'Stub Shop' } },
        });
      case 'POST /tax_rates':
        return json(res, 200, { id: id('txr'), object: 'tax_rate', percentage: Number(form.percentage) });
      case 'POST /checkout/sessions': {
        const s: Obj = {
          id: id('cs_test'),
          object: 'checkout.session',
          mode: form.mode,
          status: 'open',
          url: `https://checkout.stripe.test/c/pay/${randomBytes(6).toString('hex')}`,
          client_reference_id: form.client_reference_id ?? null,
          metadata: {
            workspaceId: form['metadata[workspaceId]'],
            planKey: form['metadata[planKey]'],
            interval: form['metadata[interval]'],
          },
          customer: form.customer ?? null,
          customer_email: form.customer_email ?? null,
          subscription: null,
          form,
        };
        sessions.set(s.id, s);
        return json(res, 200, s);
      }
      case 'GET /checkout/sessions/:id': {
        const s = found(sessions);
        return s && json(res, 200, s);
      }
      case 'GET /subscriptions/:id': {
        if (failing.on) return json(res, 500, stripeError('api_error', 'Stripe is having a bad day'));
        const sub = found(subscriptions);
        return sub && json(res, 200, sub);
      }
      case 'GET /invoices/:id': {
        const inv = found(invoices);
        return inv && json(res, 200, inv);
      }
      case 'POST /billing_portal/sessions':
        return json(res, 200, {
          id: id('bps'),
          object: 'billing_portal.session',
          url: 'https://billing.stripe.test/p/session',
        });
      default:
        return json(
          res,
          404,
          stripeError('invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`),
        );
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;

  const stub: StripeStub = {
    url: `http://127.0.0.1:${port}`,
    key,
    webhookSecret,
    requests,
    sessions,
    subscriptions,
    invoices,
    failing,
    completeCheckout(sessionId, o = {}) {
      const s = sessions.get(sessionId)!;
      const form = s.form as Record<string, string>;
      const customer = (s.customer as string | null) ?? id('cus');
      const end = Math.floor((o.periodEnd ?? new Date(Date.now() + 30 * 86_400_000)).getTime() / 1000);
      const sub: Obj = {
        id: id('sub'),
        object: 'subscription',
        status: 'active',
        customer,
        cancel_at_period_end: false,
        metadata: s.metadata,
        default_payment_method: { id: id('pm'), object: 'payment_method', card: { brand: 'visa', last4: '4242' } },
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              current_period_start: now(),
              current_period_end: end,
              price: {
                unit_amount: Number(form['line_items[0][price_data][unit_amount]']),
                currency: form['line_items[0][price_data][currency]'],
                recurring: { interval: form['line_items[0][price_data][recurring][interval]'] },
              },
            },
          ],
        },
      };
      subscriptions.set(sub.id, sub);
      Object.assign(s, { status: 'complete', customer, subscription: sub.id });
      return sub;
    },
    setSubscription(subId, patch) {
      const sub = subscriptions.get(subId)!;
      Object.assign(sub, patch);
      return sub;
    },
    addInvoice(subId, o) {
      const sub = subscriptions.get(subId)!;
      const item = (sub.items as { data: { current_period_start: number; current_period_end: number }[] }).data[0]!;
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
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
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
