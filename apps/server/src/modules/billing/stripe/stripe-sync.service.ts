import type { DbOrTx } from '@vigil/db';
import type { BillingEvent } from '@vigil/shared';
import type Stripe from 'stripe';
import { AppError } from '../../../lib/app-error.ts';
import { invoicesRepo, upsertStripeInvoice } from '../invoices.repo.ts';
import { type SubscriptionPatch, subscriptionService } from '../subscription.service.ts';

/**
 * Mirrors what Stripe says now (a subscription, an invoice, both re-read from its API) into a
 * workspace's billing state, in the caller's transaction. Applying the same object twice changes
 * nothing new, and whatever order events arrive in, the last applied state is Stripe's current one.
 */
const at = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The end of the paid period: the latest of the items' (the API keeps periods on items). */
function periodOf(sub: Stripe.Subscription) {
  const items = sub.items?.data ?? [];
  const end = Math.max(0, ...items.map((i) => i.current_period_end ?? 0));
  const start = Math.max(0, ...items.map((i) => i.current_period_start ?? 0));
  return { start: at(start), end: at(end) };
}

function cardOf(sub: Stripe.Subscription): SubscriptionPatch['paymentMethod'] {
  const pm = sub.default_payment_method;
  if (pm && typeof pm === 'object' && pm.card) return { type: 'card', brand: pm.card.brand, last4: pm.card.last4 };
  return undefined;
}

/** Stripe's status as the state machine's event (null: nothing to change but the references). */
function eventFor(sub: Stripe.Subscription, periodEnd: Date | null): BillingEvent | null {
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return { type: 'paid', periodEnd };
    case 'past_due':
    case 'unpaid':
      return { type: 'renewal-failed' };
    case 'canceled':
    case 'incomplete_expired':
      return { type: 'cancel', atPeriodEnd: false };
    default:
      return null;
  }
}

/**
 * A pending move down is over once its schedule is gone (released, canceled: the subscription is
 * plain again) or has switched the Price (the schedule stays attached until its last phase ends).
 */
function pendingGone(
  pending: { plan: string; interval: string } | null,
  sub: Stripe.Subscription,
  planKey: string | undefined,
): boolean {
  if (!pending) return false;
  if (!sub.schedule) return true;
  const interval = sub.items?.data[0]?.price?.recurring?.interval;
  return pending.plan === planKey && pending.interval === interval;
}

export async function applyStripeSubscription(
  tx: DbOrTx,
  sub: Stripe.Subscription,
  o: { workspaceId: string | null; graceDays: number },
): Promise<string | null> {
  const known = await subscriptionService.findByStripeSubscription(tx, sub.id);
  const workspaceId = o.workspaceId ?? sub.metadata?.workspaceId ?? known?.workspaceId ?? null;
  if (!workspaceId) return null;
  const current = await subscriptionService.find(tx, workspaceId);
  if (!current) return null;
  const price = sub.items?.data[0]?.price;
  // The Price says the plan (a change made here, by a schedule or in the portal switches the Price,
  // not the subscription's metadata); the metadata is the fallback for a Price made elsewhere.
  const planKey = price?.metadata?.planKey ?? sub.metadata?.planKey;
  const period = periodOf(sub);
  const patch: SubscriptionPatch = {
    ...(planKey && (await subscriptionService.plan(tx, planKey)) ? { planKey } : {}),
    interval: price?.recurring?.interval === 'year' ? 'year' : 'month',
    source: 'stripe',
    stripeCustomerId: idOf(sub.customer),
    stripeSubscriptionId: sub.id,
    periodStart: period.start,
    priceMinor: price?.unit_amount ?? null,
    currency: price?.currency?.toUpperCase() ?? null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    ...(pendingGone(current.pendingChange, sub, planKey) ? { pendingChange: null } : {}),
    graceDays: o.graceDays,
    ...(cardOf(sub) ? { paymentMethod: cardOf(sub) } : {}),
  };
  // A workspace that moved to another Stripe subscription ignores its old one's news.
  if (current.stripeSubscriptionId && current.stripeSubscriptionId !== sub.id && sub.status !== 'active') return null;
  const event = eventFor(sub, period.end);
  try {
    await subscriptionService.apply(tx, workspaceId, event, patch);
  } catch (e) {
    // Stripe's state is already ours (a cancel of a canceled plan, a failure of a trial that never paid):
    // keep the references and the dates, the status stays as it is.
    if (!(e instanceof AppError && e.code === 'failed-precondition')) throw e;
    await subscriptionService.apply(tx, workspaceId, null, patch);
  }
  return workspaceId;
}

export async function applyStripeInvoice(
  tx: DbOrTx,
  inv: Stripe.Invoice,
  o: {
    workspaceId: string;
    seller: { name: string; address: string; taxId: string };
    planKey: string;
    interval: string;
  },
): Promise<void> {
  const line = inv.lines?.data[0];
  const subtotal = inv.subtotal_excluding_tax ?? inv.subtotal;
  const status =
    inv.status === 'paid' ? 'paid' : inv.status === 'void' || inv.status === 'uncollectible' ? 'void' : 'open';
  const paidAt = at(inv.status_transitions?.paid_at);
  const row = await upsertStripeInvoice(tx, {
    workspaceId: o.workspaceId,
    number: inv.number ?? inv.id,
    provider: 'stripe',
    status,
    planKey: o.planKey,
    interval: o.interval,
    currency: inv.currency.toUpperCase(),
    amountMinor: subtotal,
    taxMinor: inv.total - subtotal,
    totalMinor: inv.total,
    periodStart: at(line?.period?.start) ?? at(inv.period_start)!,
    periodEnd: at(line?.period?.end) ?? at(inv.period_end)!,
    issuedAt: at(inv.created) ?? new Date(),
    paidAt,
    stripeInvoiceId: inv.id,
    pdfUrl: inv.invoice_pdf ?? null,
    seller: o.seller,
    buyer: { name: inv.customer_name ?? '', email: inv.customer_email ?? '' },
  });
  if (status === 'paid')
    await invoicesRepo.recordPayment(tx, {
      workspaceId: o.workspaceId,
      invoiceId: row.id,
      provider: 'stripe',
      providerRef: inv.id,
      amountMinor: inv.amount_paid,
      currency: row.currency,
      paidAt: paidAt ?? new Date(),
    });
}

/** The subscription an invoice bills (the API keeps it under parent.subscription_details). */
export const invoiceSubscriptionId = (inv: Stripe.Invoice): string | null =>
  idOf(inv.parent?.subscription_details?.subscription as string | { id: string } | null | undefined);
