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
        // The claim and the mail together: a reminder is queued exactly once, and the queue sends it.
        const queued = await db.transaction(async (tx) => {
          if (!(await repo.claimReminder(tx, due.workspaceId, kind, due.trialEndDate))) return false;
          const owner = await subscriptionService.owner(tx, due.workspaceId);
          if (!owner) return false;
          const upgradeUrl = `${base}/upgrade`;
          await mail.queue(tx, trialReminderMail({ ...owner, trialEndDate: due.trialEndDate, upgradeUrl }));
          return true;
        });
        if (queued) sent++;
      }
    }
    return sent;
  }

  async function renewals(): Promise<number> {
    const settings = await paymentSettingsRepo.read(db);
    let issued = 0;
    for (const workspaceId of await repo.manualRenewalsDue(db, RENEWAL_NOTICE_DAYS)) {
      const issuedNow = await db.transaction(async (tx) => {
        const sub = await subscriptionService.apply(tx, workspaceId, null);
        // Under the subscription's lock: another run (or a checkout) may have issued one meanwhile.
        if ((await invoicesRepo.openOf(tx, workspaceId)).length) return false;
        const plan = await subscriptionService.plan(tx, sub.planKey);
        const owner = await subscriptionService.owner(tx, workspaceId);
        if (!plan || !owner || !sub.interval) return false;
        // At the plan's price now: a price change reaches a subscriber at the next period.
        const invoice = await manual.issue(tx, {
          workspaceId,
          plan,
          interval: sub.interval as BillingInterval,
          settings,
          buyer: { name: owner.displayName, email: owner.email },
          now: new Date(),
        });
        // The invoice and its mail together: the queue sends it once this commits.
        await mail.queue(tx, renewalMail({ ...owner, invoice, billingUrl: `${base}/billing` }));
        return true;
      });
      if (issuedNow) issued++;
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
