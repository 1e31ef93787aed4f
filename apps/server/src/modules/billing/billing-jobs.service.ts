import type { Db } from '@vigil/db';
import type { BillingInterval } from '@vigil/shared';
import type { MailService } from '../mail/mail.module.ts';
import { billingJobsRepo as repo } from './billing-jobs.repo.ts';
import { invoicesRepo } from './invoices.repo.ts';
import { createManualBilling } from './manual-billing.service.ts';
import { paymentSettingsRepo } from './payment-settings.repo.ts';
import { subscriptionsRepo } from './subscriptions.repo.ts';
import { subscriptionService } from './subscription.service.ts';
import { renewalMail, trialReminderMail } from './billing-mails.ts';

/** Manual renewals are invoiced this many days before the period ends. */
const RENEWAL_NOTICE_DAYS = 7;
const REMINDERS = [
  { kind: '1d', hours: 24 },
  { kind: '3d', hours: 72 },
] as const;

/**
 * The billing work of the `work` role, on the queue's hourly cron: trial reminders 3 days and 1
 * day before the end (each sent once per trial end, claimed before it is mailed), the manual
 * provider's renewal invoices, and the day's storage reading for Billing's chart. Status changes
 * need no job: they are derived from the stored dates at every read.
 */
export function createBillingJobs(deps: { db: Db; mail: MailService; publicUrl: string; log(m: string): void }) {
  const { db, mail } = deps;
  const manual = createManualBilling({ db });
  const base = deps.publicUrl.replace(/\/$/, '');

  async function reminders(): Promise<number> {
    let sent = 0;
    // The 1-day reminder first: a trial set to end tomorrow gets that one, not a stale 3-day one too.
    for (const { kind, hours } of REMINDERS) {
      for (const due of await repo.trialsEnding(db, kind, hours)) {
        if (kind === '3d' && due.trialEndDate.getTime() - Date.now() <= 24 * 3_600_000) continue;
        if (!(await repo.claimReminder(db, due.workspaceId, kind, due.trialEndDate))) continue;
        const owner = await subscriptionService.owner(db, due.workspaceId);
        if (!owner) continue;
        await mail.send(trialReminderMail({ ...owner, trialEndDate: due.trialEndDate, upgradeUrl: `${base}/upgrade` }));
        sent++;
      }
    }
    return sent;
  }

  async function renewals(): Promise<number> {
    const settings = await paymentSettingsRepo.read(db);
    let issued = 0;
    for (const workspaceId of await repo.manualRenewalsDue(db, RENEWAL_NOTICE_DAYS)) {
      const invoice = await db.transaction(async (tx) => {
        const sub = await subscriptionService.apply(tx, workspaceId, null);
        // Under the subscription's lock: another run (or a checkout) may have issued one meanwhile.
        if ((await invoicesRepo.openOf(tx, workspaceId)).length) return null;
        const plan = await subscriptionService.plan(tx, sub.planKey);
        const owner = await subscriptionService.owner(tx, workspaceId);
        if (!plan || !owner || !sub.interval) return null;
        // At the plan's price now: a price change reaches a subscriber at the next period.
        return manual.issue(tx, {
          workspaceId,
          plan,
          interval: sub.interval as BillingInterval,
          settings,
          buyer: { name: owner.displayName, email: owner.email },
          now: new Date(),
        });
      });
      if (!invoice) continue;
      const owner = await subscriptionService.owner(db, workspaceId);
      if (owner) await mail.send(renewalMail({ ...owner, invoice, billingUrl: `${base}/billing` }));
      issued++;
    }
    return issued;
  }

  return {
    tasks: {
      'billing-hourly': async () => {
        const [sent, issued] = [await reminders(), await renewals()];
        if (sent || issued) deps.log(`[billing] ${sent} trial reminder(s), ${issued} renewal invoice(s)`);
      },
      'storage-sample': async () => void (await subscriptionsRepo.sampleStorage(db)),
    },
  };
}
