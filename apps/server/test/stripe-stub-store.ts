import { type Obj, StubError, newId as id, now } from './stripe-stub-api.ts';

const DAY = 86_400;

/**
 * What the Stripe stand-in keeps in memory, by object kind, with the lookups its routes share:
 * an object that must exist (Stripe's 404 otherwise), a Price or Tax Rate that must be active.
 */
export interface StubStore {
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
  must(m: Map<string, Obj>, objectId: string | undefined, what?: string): Obj;
  activePrice(priceId: string | undefined): Obj;
  activeTaxRate(txr: string | undefined): Obj;
}

export function stubStore(): StubStore {
  const objects = () => new Map<string, Obj>();
  const store: StubStore = {
    sessions: objects(),
    subscriptions: objects(),
    invoices: objects(),
    products: objects(),
    prices: objects(),
    taxRates: objects(),
    portalConfigurations: objects(),
    schedules: objects(),
    lastPreview: null,
    failing: { on: false },
    must(m, objectId, what = 'object') {
      const o = objectId ? m.get(objectId) : undefined;
      if (!o) throw new StubError(404, `No such ${what}: '${objectId}'`);
      return o;
    },
    activePrice(priceId) {
      const p = store.must(store.prices, priceId, 'price');
      if (!p.active) throw new StubError(400, `The price ${priceId} is archived`);
      return p;
    },
    activeTaxRate(txr) {
      const r = store.must(store.taxRates, txr, 'tax_rate');
      if (!r.active) throw new StubError(400, `The tax rate ${txr} is archived`);
      return r;
    },
  };
  return store;
}

/** A subscription's one item: its price and current period. */
export const itemOf = (sub: Obj) =>
  (sub.items as { data: { id: string; price: Obj; current_period_start: number; current_period_end: number }[] })
    .data[0]!;

/** An active subscription with a card, its period starting now, kept in the store. */
export function newSubscription(
  store: StubStore,
  o: { customer: string; price: Obj; metadata: Record<string, string>; taxRates: string[] },
): Obj {
  const sub: Obj = {
    id: id('sub'),
    object: 'subscription',
    status: 'active',
    created: now(),
    customer: o.customer,
    cancel_at_period_end: false,
    schedule: null,
    metadata: o.metadata,
    default_tax_rates: o.taxRates.map((t) => store.taxRates.get(t)),
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
  store.subscriptions.set(sub.id, sub);
  return sub;
}
