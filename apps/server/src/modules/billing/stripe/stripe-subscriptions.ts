import type { BillingInterval } from '@vigil/shared';
import type Stripe from 'stripe';
import type { AppError } from '../../../lib/app-error.ts';
import type { PlanRow } from '../billing-rows.ts';
import type { PlanTarget, StripeSubscriptions } from './stripe-provider.ts';

/**
 * The workspace's one subscription, changed in place as Stripe documents it:
 * - a move up: `subscriptions.update` of its item to the new Price with `always_invoice` proration
 *   (the difference for the rest of the period is invoiced and charged now) and
 *   `pending_if_incomplete` (a refused card leaves the plan as it was);
 * - a move down: a subscription schedule (made `from_subscription`) whose current phase ends at the
 *   period's end and whose next phase has the new Price, then released to a plain subscription;
 * - cancel and resume: `cancel_at_period_end`, after releasing a pending move down.
 * The amounts shown beforehand are Stripe's own (`invoices.createPreview`).
 */
interface Deps {
  prices(secretKey: string, plan: PlanRow): Promise<Record<BillingInterval, string>>;
  tax(secretKey: string, percent: number): Promise<string | null>;
  failure(e: unknown): AppError;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
const itemOf = (sub: Stripe.Subscription) => {
  const item = sub.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${sub.id} has no item`);
  return item;
};
const periodEndOf = (sub: Stripe.Subscription) => itemOf(sub).current_period_end;

/** Wraps a call to Stripe so that its refusals and failures come out as the catalogue's errors. */
export const guardedBy =
  (failure: (e: unknown) => AppError) =>
  <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
  async (...a: A): Promise<R> => {
    try {
      return await f(...a);
    } catch (e) {
      throw failure(e);
    }
  };

export function createStripeSubscriptions(clientFor: (secretKey: string) => Stripe, deps: Deps): StripeSubscriptions {
  const guarded = guardedBy(deps.failure);

  /** A pending move down is a schedule on the subscription: released, the subscription is plain again. */
  async function releaseSchedule(stripe: Stripe, sub: Stripe.Subscription) {
    const schedule = idOf(sub.schedule);
    if (schedule) await stripe.subscriptionSchedules.release(schedule);
  }

  async function moveDown(stripe: Stripe, t: PlanTarget, sub: Stripe.Subscription, price: string) {
    const current = itemOf(sub);
    const scheduleId =
      idOf(sub.schedule) ?? (await stripe.subscriptionSchedules.create({ from_subscription: sub.id })).id;
    const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
    const tax = await deps.tax(t.secretKey, t.taxRatePercent);
    const taxes = tax ? { default_tax_rates: [tax] } : {};
    await stripe.subscriptionSchedules.update(scheduleId, {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        {
          items: [{ price: current.price.id, quantity: 1 }],
          start_date: schedule.phases[0]?.start_date ?? current.current_period_start,
          end_date: current.current_period_end,
          ...taxes,
        },
        {
          items: [{ price, quantity: 1 }],
          duration: { interval: t.interval, interval_count: 1 },
          metadata: { planKey: t.plan.key, interval: t.interval },
          ...taxes,
        },
      ],
    });
    return stripe.subscriptions.retrieve(sub.id, { expand: ['default_payment_method'] });
  }

  return {
    preview: guarded(async (t) => {
      const stripe = clientFor(t.secretKey);
      const sub = await stripe.subscriptions.retrieve(t.subscriptionId);
      const price = (await deps.prices(t.secretKey, t.plan))[t.interval];
      const inv = await stripe.invoices.createPreview({
        customer: idOf(sub.customer)!,
        subscription: sub.id,
        subscription_details: {
          items: [{ id: itemOf(sub).id, price }],
          proration_behavior: t.timing === 'now' ? 'always_invoice' : 'none',
        },
      });
      const effectiveAt = t.timing === 'now' ? new Date() : new Date(periodEndOf(sub) * 1000);
      return { amountDue: inv.amount_due, currency: inv.currency, effectiveAt };
    }),

    change: guarded(async (t) => {
      const stripe = clientFor(t.secretKey);
      const sub = await stripe.subscriptions.retrieve(t.subscriptionId);
      const price = (await deps.prices(t.secretKey, t.plan))[t.interval];
      if (t.timing === 'period-end') return moveDown(stripe, t, sub, price);
      await releaseSchedule(stripe, sub);
      return stripe.subscriptions.update(sub.id, {
        items: [{ id: itemOf(sub).id, price }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
        expand: ['default_payment_method'],
      });
    }),

    setCancelAtPeriodEnd: guarded(async (secretKey, subscriptionId, cancel) => {
      const stripe = clientFor(secretKey);
      const sub = await stripe.subscriptions.retrieve(subscriptionId);
      if (cancel) await releaseSchedule(stripe, sub);
      return stripe.subscriptions.update(subscriptionId, {
        cancel_at_period_end: cancel,
        expand: ['default_payment_method'],
      });
    }),
  };
}
