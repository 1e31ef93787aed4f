import type { Db } from '@vigil/db';
import { fromMinor } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.module.ts';
import { toCreditNote, toInvoice } from './billing.service.ts';
import { creditNotesRepo } from './credit-notes.repo.ts';
import { invoicesRepo } from './invoices.repo.ts';
import type { ManualBilling } from './manual-billing.service.ts';
import type { PaymentSettingsService } from './payment-settings.service.ts';
import { subscriptionService } from './subscription.service.ts';

const LIST_LIMIT = 200;

/** The administrator's side: plans granted by hand, trials set, manual invoices marked paid, payments seen. */
export function createAdminBillingService(deps: { db: Db; manual: ManualBilling; settings: PaymentSettingsService }) {
  const { db } = deps;
  return {
    /**
     * Puts a workspace on a plan without payment (complimentary, no end) and/or sets its trial's
     * end: a date ahead extends the trial, a date now or past ends it (the workspace is read-only
     * until it pays).
     */
    async setPlan(workspaceId: string, input: { plan?: string | undefined; trialEndDate?: Date | undefined }) {
      await db.transaction(async (tx) => {
        if (input.plan !== undefined) {
          const plan = await subscriptionService.plan(tx, input.plan);
          if (!plan) throw new AppError('not-found', `No plan "${input.plan}".`, { plan: 'unknown plan' });
        }
        if (input.trialEndDate) {
          await subscriptionService.apply(
            tx,
            workspaceId,
            { type: 'trial-set', trialEndDate: input.trialEndDate },
            {
              ...(input.plan ? { planKey: input.plan } : {}),
              source: null,
              interval: null,
              periodStart: null,
              priceMinor: null,
            },
          );
        } else if (input.plan) {
          await subscriptionService.apply(
            tx,
            workspaceId,
            { type: 'paid', periodEnd: null },
            { planKey: input.plan, source: 'complimentary', interval: null, periodStart: new Date(), priceMinor: null },
          );
        }
      });
    },

    async invoices(status: string | undefined) {
      const rows = await invoicesRepo.forAdmin(db, status, LIST_LIMIT);
      return {
        items: rows.map((r) => ({
          ...toInvoice(r.invoice, r.planName),
          workspaceId: r.invoice.workspaceId,
          workspaceName: r.workspaceName,
          ownerEmail: r.ownerEmail,
        })),
      };
    },

    async markPaid(id: string) {
      const settings = await deps.settings.effective();
      const row = await deps.manual.markPaid(id, settings);
      const [plan, owner] = await Promise.all([
        subscriptionService.plan(db, row.planKey),
        subscriptionService.owner(db, row.workspaceId),
      ]);
      return {
        ...toInvoice(row, plan?.name ?? row.planKey),
        workspaceId: row.workspaceId,
        workspaceName: owner?.workspaceName ?? '',
        ownerEmail: owner?.email ?? '',
      };
    },

    async creditNotes() {
      const rows = await creditNotesRepo.forAdmin(db, LIST_LIMIT);
      return {
        items: rows.map((r) => ({
          ...toCreditNote(r.note, r.invoiceNumber),
          workspaceName: r.workspaceName,
          ownerEmail: r.ownerEmail,
        })),
      };
    },

    /**
     * The money of a paid manual invoice went back: the invoice stays as issued and a credit note
     * for its whole amount takes it back, once (a second refund of it is refused).
     */
    async refund(invoiceId: string) {
      return db.transaction(async (tx) => {
        const invoice = await invoicesRepo.lock(tx, invoiceId);
        if (!invoice) throw new AppError('not-found', 'No such invoice.');
        if (invoice.provider !== 'manual' || invoice.status !== 'paid')
          throw new AppError(
            'failed-precondition',
            'Only a paid manual invoice is refunded here (Stripe refunds in Stripe).',
          );
        if ((await invoicesRepo.creditNotesOf(tx, invoice.id)).length)
          throw new AppError('already-exists', 'This invoice is already taken back by a credit note.');
        const note = await invoicesRepo.creditWhole(tx, invoice, 'refund', new Date());
        await audit.record(tx, {
          action: 'invoice.refunded',
          workspaceId: invoice.workspaceId,
          targetType: 'invoice',
          targetId: invoice.id,
          details: {
            invoice: invoice.number,
            creditNote: note.number,
            totalMinor: note.totalMinor,
            currency: note.currency,
          },
        });
        return toCreditNote(note, invoice.number);
      });
    },

    async payments() {
      const rows = await invoicesRepo.recentPayments(db, LIST_LIMIT);
      return {
        items: rows.map((r) => ({
          id: r.payment.id,
          workspaceId: r.payment.workspaceId,
          workspaceName: r.workspaceName,
          ownerEmail: r.ownerEmail,
          provider: r.payment.provider as 'manual' | 'stripe',
          amount: fromMinor(r.payment.amountMinor, r.payment.currency),
          currency: r.payment.currency,
          invoiceNumber: r.invoiceNumber,
          paidAt: r.payment.paidAt.toISOString(),
        })),
      };
    },
  };
}
export type AdminBillingService = ReturnType<typeof createAdminBillingService>;
