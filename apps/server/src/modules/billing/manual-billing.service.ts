import type { Db, DbOrTx } from '@vigil/db';
import { type BillingInterval, periodEndOf } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { type InvoiceRow, invoicesRepo } from './invoices.repo.ts';
import type { StoredPaymentSettings } from './payment-settings.repo.ts';
import type { PlanRow } from './plans.repo.ts';
import { statusOf, subscriptionService } from './subscription.service.ts';

/**
 * The manual provider, for installations that bill offline: an upgrade or a renewal issues an
 * invoice; the administrator marks it paid when the money arrives, and that payment makes the
 * workspace active for the invoice's period. Marking a paid invoice paid again changes nothing.
 */
export function priceOf(plan: PlanRow, interval: BillingInterval): number {
  return interval === 'year' ? plan.priceYearly : plan.priceMonthly;
}

/** Tax in minor units for a rate in percent (half up, as invoices round). */
export const taxOf = (amountMinor: number, ratePercent: number) => Math.round((amountMinor * ratePercent) / 100);

/**
 * Where a new paid period starts: a renewal of the same plan continues where the current period
 * ends (or ended, if overdue); a first payment or a change of plan starts now.
 */
async function periodStartFor(tx: DbOrTx, workspaceId: string, planKey: string, now: Date): Promise<Date> {
  const sub = await subscriptionService.find(tx, workspaceId);
  if (!sub?.periodEnd || sub.planKey !== planKey || sub.source !== 'manual') return now;
  const status = statusOf(sub, now);
  if (status === 'past_due') return sub.periodEnd;
  if (status === 'active' && sub.periodEnd > now) return sub.periodEnd;
  return now;
}

export function createManualBilling(deps: { db: Db }) {
  const { db } = deps;

  async function issue(
    tx: DbOrTx,
    input: {
      workspaceId: string;
      plan: PlanRow;
      interval: BillingInterval;
      settings: StoredPaymentSettings;
      buyer: { name: string; email: string };
      now: Date;
    },
  ): Promise<InvoiceRow> {
    const { plan, interval, settings, now } = input;
    const amount = priceOf(plan, interval);
    const tax = taxOf(amount, settings.taxRate);
    const start = await periodStartFor(tx, input.workspaceId, plan.key, now);
    return invoicesRepo.insert(tx, {
      workspaceId: input.workspaceId,
      number: await invoicesRepo.nextNumber(tx, now),
      provider: 'manual',
      status: 'open',
      planKey: plan.key,
      interval,
      currency: plan.currency,
      amountMinor: amount,
      taxMinor: tax,
      totalMinor: amount + tax,
      periodStart: start,
      periodEnd: periodEndOf(start, interval),
      issuedAt: now,
      seller: settings.seller,
      buyer: input.buyer,
      taxRate: Math.round(settings.taxRate * 100),
    });
  }

  return {
    issue,

    /**
     * An upgrade with the manual provider: any older open invoice is cancelled, so one is ever
     * due. An issued invoice is never edited: a credit note for its whole amount cancels it, and
     * its status says so ('void') for the lists.
     */
    async checkout(input: {
      workspaceId: string;
      plan: PlanRow;
      interval: BillingInterval;
      settings: StoredPaymentSettings;
      buyer: { name: string; email: string };
    }): Promise<InvoiceRow> {
      return db.transaction(async (tx) => {
        // The subscription's lock orders this against a payment being marked at the same moment.
        await subscriptionService.apply(tx, input.workspaceId, null);
        const now = new Date();
        for (const open of await invoicesRepo.openOf(tx, input.workspaceId)) {
          await invoicesRepo.creditWhole(tx, open, 'cancellation', now);
          await invoicesRepo.update(tx, open.id, { status: 'void' });
        }
        return issue(tx, { ...input, now });
      });
    },

    /** The administrator received the money: the invoice is paid, the payment recorded once, the plan active. */
    async markPaid(invoiceId: string, settings: StoredPaymentSettings): Promise<InvoiceRow> {
      return db.transaction(async (tx) => {
        const invoice = await invoicesRepo.lock(tx, invoiceId);
        if (!invoice) throw new AppError('not-found', 'No such invoice.');
        if (invoice.provider !== 'manual')
          throw new AppError('failed-precondition', 'Stripe invoices are paid through Stripe.');
        if (invoice.status === 'paid') return invoice;
        if (invoice.status === 'void')
          throw new AppError('failed-precondition', 'This invoice was replaced by a newer one: it cannot be paid.');
        const now = new Date();
        // The period runs from the payment (or from the end of the period it renews), not from the invoice's date.
        const start = await periodStartFor(tx, invoice.workspaceId, invoice.planKey, now);
        const end = periodEndOf(start, invoice.interval as BillingInterval);
        const paid = await invoicesRepo.update(tx, invoice.id, {
          status: 'paid',
          paidAt: now,
          periodStart: start,
          periodEnd: end,
        });
        await invoicesRepo.recordPayment(tx, {
          workspaceId: invoice.workspaceId,
          invoiceId: invoice.id,
          provider: 'manual',
          providerRef: invoice.id,
          amountMinor: invoice.totalMinor,
          currency: invoice.currency,
          paidAt: now,
        });
        await subscriptionService.apply(
          tx,
          invoice.workspaceId,
          { type: 'paid', periodEnd: end },
          {
            planKey: invoice.planKey,
            interval: invoice.interval,
            source: 'manual',
            periodStart: start,
            priceMinor: invoice.amountMinor,
            currency: invoice.currency,
            graceDays: settings.graceDays,
          },
          now,
        );
        return paid;
      });
    },
  };
}
export type ManualBilling = ReturnType<typeof createManualBilling>;
