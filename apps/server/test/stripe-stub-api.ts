import { randomBytes } from 'node:crypto';

/**
 * The stand-in's API: each route Vigil's SDK calls, with the top-level parameters Stripe accepts
 * for it (any other is refused, as Stripe does: "Received unknown parameter") and the checks that
 * matter (a Price or Tax Rate must exist and be active, a subscription under a schedule cannot be
 * set to cancel, Checkout takes Prices, never inline `price_data`). Anything else is a 404.
 */
export type Obj = Record<string, unknown> & { id: string };
export type Form = Record<string, string>;

export class StubError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);

/** Fields under one key of a form: `items[0][price]` … as { '0': { price } }-like flat entries. */
export function under(form: Form, key: string): Form {
  const out: Form = {};
  for (const [k, v] of Object.entries(form)) if (k.startsWith(`${key}[`)) out[k.slice(key.length)] = v;
  return out;
}

/** A list of objects from a form's `key[0][field]` entries. */
export function listOf(form: Form, key: string): Form[] {
  const rows: Form[] = [];
  for (const [k, v] of Object.entries(under(form, key))) {
    const m = /^\[(\d+)\](.*)$/.exec(k);
    if (!m) continue;
    const i = Number(m[1]);
    rows[i] ??= {};
    rows[i]![m[2]!.replace(/^\[([^\]]+)\]/, '$1')] = v;
  }
  return rows;
}

/** The accepted top-level parameters of each route ("METHOD /path" with `:id` for an object). */
export const PARAMS: Record<string, string[]> = {
  'GET /account': [],
  'GET /products/:id': [],
  'POST /products': ['id', 'name', 'active', 'metadata'],
  'POST /products/:id': ['name', 'active'],
  'GET /prices': ['lookup_keys', 'active', 'limit'],
  'POST /prices': ['product', 'currency', 'unit_amount', 'recurring', 'lookup_key', 'transfer_lookup_key', 'metadata'],
  'POST /prices/:id': ['active'],
  'GET /tax_rates': ['active', 'limit'],
  'POST /tax_rates': ['display_name', 'percentage', 'inclusive', 'metadata'],
  'POST /tax_rates/:id': ['active'],
  'GET /billing_portal/configurations': ['active', 'limit'],
  'POST /billing_portal/configurations': ['features', 'metadata'],
  'POST /billing_portal/configurations/:id': ['features', 'metadata'],
  'POST /billing_portal/sessions': ['customer', 'configuration', 'return_url'],
  'POST /checkout/sessions': [
    'mode',
    'client_reference_id',
    'metadata',
    'subscription_data',
    'customer',
    'customer_email',
    'line_items',
    'success_url',
    'cancel_url',
  ],
  'GET /checkout/sessions/:id': [],
  'GET /subscriptions/:id': ['expand'],
  'POST /subscriptions/:id': ['items', 'proration_behavior', 'payment_behavior', 'cancel_at_period_end', 'expand'],
  'DELETE /subscriptions/:id': ['cancellation_details'],
  'POST /subscription_schedules': ['from_subscription'],
  'GET /subscription_schedules/:id': [],
  'POST /subscription_schedules/:id': ['end_behavior', 'proration_behavior', 'phases'],
  'POST /subscription_schedules/:id/release': [],
  'POST /invoices/create_preview': ['customer', 'subscription', 'subscription_details'],
  'GET /invoices/:id': [],
};

/** The path's words Stripe uses; any other segment is an object's id. */
const WORDS = new Set([
  'account',
  'products',
  'prices',
  'tax_rates',
  'billing_portal',
  'configurations',
  'sessions',
  'checkout',
  'subscriptions',
  'subscription_schedules',
  'release',
  'invoices',
  'create_preview',
]);

export function routeOf(method: string, pathname: string): { route: string; id: string | undefined } {
  let id: string | undefined;
  const segs = pathname
    .replace(/^\/v1/, '')
    .split('/')
    .map((s) => {
      if (!s || WORDS.has(s)) return s;
      id = s;
      return ':id';
    });
  return { route: `${method} ${segs.join('/')}`, id };
}

export function checkParams(route: string, form: Form): void {
  const allowed = PARAMS[route];
  if (!allowed) throw new StubError(404, `Unrecognized request URL (${route})`);
  for (const k of Object.keys(form)) {
    const top = k.replace(/\[.*$/, '');
    if (!allowed.includes(top)) throw new StubError(400, `Received unknown parameter: ${top}`);
  }
}

export const flag = (v: string | undefined) => v === 'true';
export const metadataOf = (form: Form, key = 'metadata') =>
  Object.fromEntries(Object.entries(under(form, key)).map(([k, v]) => [k.replace(/^\[|\]$/g, ''), v]));
