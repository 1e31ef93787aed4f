import type { BillingInterval } from '@vigil/shared';
import Stripe from 'stripe';
import type { PlanRow } from '../billing-rows.ts';
import { priceOf } from '../manual-billing.service.ts';

/**
 * The plans as Stripe's catalogue, the way Stripe recommends: one Product per plan (its id
 * `vigil_plan_<key>`, so it is found, never created twice), one recurring Price per interval found
 * by its `lookup_key` (`vigil_<key>_<interval>`), and one exclusive Tax Rate for the installation's
 * percentage. A Price is immutable: when a plan's amount or currency changes, a new Price takes the
 * lookup key over (`transfer_lookup_key`) and the old one is archived (`active: false`), so
 * existing subscriptions keep what they pay until they change plan, and revenue reports by product.
 */
export const INTERVALS: BillingInterval[] = ['month', 'year'];
export const productIdOf = (planKey: string) => `vigil_plan_${planKey}`;
export const lookupKeyOf = (planKey: string, interval: BillingInterval) => `vigil_${planKey}_${interval}`;
/** What Vigil's own Tax Rates and portal configuration carry, to be told from the account's others. */
const MARK = { vigil: 'installation' };

export interface PlanPrices {
  productId: string;
  prices: Record<BillingInterval, string>;
}

const notFound = (e: unknown) => e instanceof Stripe.errors.StripeInvalidRequestError && e.statusCode === 404;

/** The plan's Product, made or brought up to date (name, whether it is sold). */
async function ensureProduct(stripe: Stripe, plan: PlanRow): Promise<string> {
  const id = productIdOf(plan.key);
  const name = `Vigil ${plan.name}`;
  const active = !plan.archived;
  try {
    const p = await stripe.products.retrieve(id);
    if (p.name !== name || p.active !== active) await stripe.products.update(id, { name, active });
  } catch (e) {
    if (!notFound(e)) throw e;
    await stripe.products.create({ id, name, active, metadata: { planKey: plan.key } });
  }
  return id;
}

/** Both Prices of a plan: kept when they match the plan's amounts, else replaced and the old one archived. */
export async function ensurePlan(stripe: Stripe, plan: PlanRow): Promise<PlanPrices> {
  const productId = await ensureProduct(stripe, plan);
  const keys = INTERVALS.map((i) => lookupKeyOf(plan.key, i));
  const found = await stripe.prices.list({ lookup_keys: keys, active: true, limit: keys.length });
  const currency = plan.currency.toLowerCase();
  const prices = {} as Record<BillingInterval, string>;
  for (const interval of INTERVALS) {
    const lookup_key = lookupKeyOf(plan.key, interval);
    const amount = priceOf(plan, interval);
    const old = found.data.find((p) => p.lookup_key === lookup_key);
    if (old && old.unit_amount === amount && old.currency === currency && old.product === productId) {
      prices[interval] = old.id;
      continue;
    }
    const created = await stripe.prices.create({
      product: productId,
      currency,
      unit_amount: amount,
      recurring: { interval },
      lookup_key,
      transfer_lookup_key: true,
      metadata: { planKey: plan.key, interval },
    });
    if (old) await stripe.prices.update(old.id, { active: false });
    prices[interval] = created.id;
  }
  return { productId, prices };
}

/** The installation's Tax Rate for `percent` (exclusive), made once; rates for other percentages are archived. */
export async function ensureTaxRate(stripe: Stripe, percent: number): Promise<string | null> {
  const list = await stripe.taxRates.list({ active: true, limit: 100 });
  const ours = list.data.filter((r) => r.metadata?.vigil === MARK.vigil);
  let keep = percent > 0 ? ours.find((r) => r.percentage === percent && !r.inclusive) : undefined;
  for (const r of ours) if (r !== keep) await stripe.taxRates.update(r.id, { active: false });
  if (!keep && percent > 0)
    keep = await stripe.taxRates.create({ display_name: 'Tax', percentage: percent, inclusive: false, metadata: MARK });
  return keep?.id ?? null;
}

/**
 * The Customer Portal's configuration: switching between the plans' Prices (an increase charged
 * now with proration, a decrease or a shorter interval at the period's end — as Vigil's own Upgrade
 * page does), cancelling at the period's end, the card and the invoices.
 */
export async function ensurePortal(stripe: Stripe, plans: PlanPrices[]): Promise<string> {
  const params = {
    features: {
      subscription_update: {
        enabled: true,
        default_allowed_updates: ['price' as const],
        proration_behavior: 'always_invoice' as const,
        products: plans.map((p) => ({ product: p.productId, prices: INTERVALS.map((i) => p.prices[i]) })),
        schedule_at_period_end: {
          conditions: [{ type: 'decreasing_item_amount' as const }, { type: 'shortening_interval' as const }],
        },
      },
      subscription_cancel: { enabled: true, mode: 'at_period_end' as const },
      payment_method_update: { enabled: true },
      invoice_history: { enabled: true },
    },
    metadata: MARK,
  };
  const list = await stripe.billingPortal.configurations.list({ active: true, limit: 100 });
  const ours = list.data.find((c) => c.metadata?.vigil === MARK.vigil);
  if (ours) return (await stripe.billingPortal.configurations.update(ours.id, params)).id;
  return (await stripe.billingPortal.configurations.create(params)).id;
}
