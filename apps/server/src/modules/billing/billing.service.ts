import type { Db } from '@vigil/db';
import {
  type Billing,
  type BillingInterval,
  type CreditNote,
  type Invoice,
  fromMinor,
  nextChangeAt,
  trialDaysLeft,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { billingPage } from './billing-page.repo.ts';
import { type CreditNoteRow, creditNotesRepo } from './credit-notes.repo.ts';
import { type InvoiceRow, invoicesRepo } from './invoices.repo.ts';
import type { ManualBilling } from './manual-billing.service.ts';
import { priceOf } from './manual-billing.service.ts';
import type { PaymentSettingsService } from './payment-settings.service.ts';
import type { PlansService } from './plans.service.ts';
import type { StripeProvider } from './stripe/stripe-provider.ts';
import { type StripePlanChange, liveStripeSubscription } from './stripe/stripe-plan-change.service.ts';
import { billingStateOf, statusOf, subscriptionService } from './subscription.service.ts';

/** Invoices a billing page lists: 20 years of monthly ones. */
const INVOICE_PAGE = 240;
const HISTORY_DAYS = 30;

export interface BillingActor {
  workspaceId: string;
  userId: string;
  email: string;
  displayName: string;
  isOwner: boolean;
}

export function toInvoice(row: InvoiceRow, planName: string): Invoice {
  const m = (v: number) => fromMinor(v, row.currency);
  return {
    id: row.id,
    number: row.number,
    status: row.status as Invoice['status'],
    provider: row.provider as Invoice['provider'],
    planKey: row.planKey,
    planName,
    interval: row.interval as BillingInterval,
    currency: row.currency,
    amount: m(row.amountMinor),
    tax: m(row.taxMinor),
    total: m(row.totalMinor),
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    pdfUrl: row.provider === 'stripe' ? row.pdfUrl : `/api/v1/billing/invoices/${row.id}/pdf`,
  };
}

export function toCreditNote(row: CreditNoteRow, invoiceNumber: string): CreditNote {
  const m = (v: number) => fromMinor(v, row.currency);
  return {
    id: row.id,
    number: row.number,
    invoiceId: row.invoiceId,
    invoiceNumber,
    reason: row.reason as CreditNote['reason'],
    currency: row.currency,
    amount: m(row.amountMinor),
    tax: m(row.taxMinor),
    total: m(row.totalMinor),
    issuedAt: row.issuedAt.toISOString(),
    pdfUrl: `/api/v1/billing/credit-notes/${row.id}/pdf`,
  };
}

const ownerOnly = (actor: BillingActor) => {
  if (!actor.isOwner) throw new AppError('permission-denied', 'Only the workspace’s owner changes its plan or pays.');
};

/**
 * The account holder's side of billing: what the plan is and what is used, upgrading (Stripe
 * Checkout or a manual invoice), canceling and resuming.
 */
export function createBillingService(deps: {
  db: Db;
  plans: PlansService;
  settings: PaymentSettingsService;
  manual: ManualBilling;
  stripe: StripeProvider;
  stripePlans: StripePlanChange;
  publicUrl: string;
}) {
  const { db } = deps;

  /** The owner cancels or resumes their own plan: at Stripe first when Stripe bills it, so both agree. */
  async function changeOwnPlan(
    actor: BillingActor,
    event: { type: 'cancel'; atPeriodEnd: true } | { type: 'resume' },
  ): Promise<Billing> {
    ownerOnly(actor);
    const sub = await subscriptionService.find(db, actor.workspaceId);
    if (sub?.source === 'stripe')
      await deps.stripePlans.setCancelAtPeriodEnd(actor.workspaceId, event.type === 'cancel');
    else await db.transaction((tx) => subscriptionService.apply(tx, actor.workspaceId, event));
    return billing(actor.workspaceId);
  }

  async function billing(workspaceId: string): Promise<Billing> {
    // One query, then the settings, on one connection: in parallel, one page took half the pool (measured: bench/billing-page.mjs).
    const page = await billingPage(db, workspaceId, INVOICE_PAGE, HISTORY_DAYS);
    if (!page) throw new AppError('not-found');
    const { sub, plan, usage, invoices, creditNotes, storageHistory: history } = page;
    const settings = await deps.settings.read();
    const now = new Date();
    const status = statusOf(sub, now);
    const billed = sub.source === 'manual' || sub.source === 'stripe';
    const currency = billed && sub.currency ? sub.currency : plan.currency;
    const pendingPlan = sub.pendingChange ? await subscriptionService.plan(db, sub.pendingChange.plan) : undefined;
    // The next renewal is at the plan's price then (a price change applies from the next period),
    // or at the price of the plan a scheduled move down goes to.
    const renewal = pendingPlan
      ? { plan: pendingPlan, interval: sub.pendingChange!.interval }
      : { plan, interval: sub.interval as BillingInterval | null };
    const nextAmount =
      billed && renewal.interval && !sub.cancelAtPeriodEnd
        ? fromMinor(priceOf(renewal.plan, renewal.interval), renewal.plan.currency)
        : null;
    const next = nextChangeAt(billingStateOf(sub), now);
    return {
      plan: plan.key,
      planName: plan.name,
      planStatus: status,
      interval: (sub.interval as BillingInterval | null) ?? null,
      source: (sub.source as Billing['source']) ?? null,
      trialEndDate: sub.trialEndDate.toISOString(),
      trialDaysLeft: status === 'trial' ? trialDaysLeft(sub.trialEndDate, now) : 0,
      currentPeriodEnd: sub.periodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      pendingChange: sub.pendingChange && pendingPlan ? { ...sub.pendingChange, planName: pendingPlan.name } : null,
      nextChangeAt: next?.toISOString() ?? null,
      limits: plan.limits,
      usage,
      features: plan.features,
      nextAmount,
      currency,
      paymentMethod:
        sub.source === 'stripe' ? (sub.paymentMethod ?? null) : sub.source === 'manual' ? { type: 'invoice' } : null,
      provider: settings.provider,
      openInvoiceId:
        invoices.find((r) => r.invoice.status === 'open' && r.invoice.provider === 'manual')?.invoice.id ?? null,
      storageHistory: history.map((h) => ({ day: String(h.day), bytes: h.bytes })),
      invoices: invoices.map((r) => toInvoice(r.invoice, r.planName)),
      creditNotes: creditNotes.map((r) => toCreditNote(r.note, r.invoiceNumber)),
    };
  }

  return {
    billing,

    async checkout(actor: BillingActor, input: { plan: string; interval: BillingInterval }) {
      ownerOnly(actor);
      const plan = await deps.plans.purchasable(input.plan);
      const settings = await deps.settings.effective();
      if (settings.provider === 'stripe' && settings.stripeSecretKey) {
        const sub = await subscriptionService.find(db, actor.workspaceId);
        // One live subscription per workspace: another plan is a change of it, never a second Checkout.
        if (liveStripeSubscription(sub))
          throw new AppError(
            'failed-precondition',
            'This workspace has a Stripe subscription: change its plan instead.',
            {
              plan: 'change the current subscription',
            },
          );
        const base = deps.publicUrl.replace(/\/$/, '');
        return deps.stripe.checkout({
          secretKey: settings.stripeSecretKey,
          workspaceId: actor.workspaceId,
          email: actor.email,
          customerId: sub?.stripeCustomerId ?? null,
          plan,
          interval: input.interval,
          taxRatePercent: settings.taxRate,
          successUrl: `${base}/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${base}/upgrade?checkout=canceled`,
        });
      }
      const invoice = await deps.manual.checkout({
        workspaceId: actor.workspaceId,
        plan,
        interval: input.interval,
        settings,
        buyer: { name: actor.displayName, email: actor.email },
      });
      return { invoiceId: invoice.id };
    },

    /** Cancel at the period's end (a plan without one, complimentary, ends now). */
    cancel: (actor: BillingActor) => changeOwnPlan(actor, { type: 'cancel', atPeriodEnd: true }),

    resume: (actor: BillingActor) => changeOwnPlan(actor, { type: 'resume' }),

    /** What moving the Stripe subscription to another plan costs, and when it applies (Stripe's preview). */
    async previewChange(actor: BillingActor, input: { plan: string; interval: BillingInterval }) {
      ownerOnly(actor);
      return deps.stripePlans.preview(actor.workspaceId, input);
    },

    /** Moves the Stripe subscription to another plan (now, or at the period's end for a move down). */
    async changePlan(actor: BillingActor, input: { plan: string; interval: BillingInterval }): Promise<Billing> {
      ownerOnly(actor);
      await deps.stripePlans.change(actor.workspaceId, input);
      return billing(actor.workspaceId);
    },

    async portal(actor: BillingActor): Promise<{ url: string }> {
      ownerOnly(actor);
      const [sub, settings] = await Promise.all([
        subscriptionService.find(db, actor.workspaceId),
        deps.settings.effective(),
      ]);
      if (!sub?.stripeCustomerId || !settings.stripeSecretKey)
        throw new AppError('failed-precondition', 'This plan is not billed by Stripe.');
      return deps.stripe.portal({
        secretKey: settings.stripeSecretKey,
        customerId: sub.stripeCustomerId,
        plans: await deps.plans.onSale(),
        returnUrl: `${deps.publicUrl.replace(/\/$/, '')}/billing`,
      });
    },

    /** A manual invoice and its plan's name, for its PDF (the route checks whose it is). */
    async invoicePdfSource(id: string) {
      const row = await invoicesRepo.find(db, id);
      if (row?.provider !== 'manual') return undefined;
      const plan = await subscriptionService.plan(db, row.planKey);
      return { invoice: row, planName: plan?.name ?? row.planKey };
    },

    /** A credit note, the invoice it takes back and that invoice's plan name, for its PDF (the route checks whose it is). */
    async creditNotePdfSource(id: string) {
      const row = await creditNotesRepo.find(db, id);
      if (!row) return undefined;
      const plan = await subscriptionService.plan(db, row.invoice.planKey);
      return { ...row, planName: plan?.name ?? row.invoice.planKey };
    },

    /** One invoice of the workspace (a manual invoice shown after checkout). */
    async invoice(workspaceId: string, id: string): Promise<Invoice> {
      const row = await invoicesRepo.find(db, id);
      if (!row || row.workspaceId !== workspaceId) throw new AppError('not-found', 'No such invoice.');
      const plan = await subscriptionService.plan(db, row.planKey);
      return toInvoice(row, plan?.name ?? row.planKey);
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
