import { type DbOrTx, schema } from '@vigil/db';
import { sql } from 'drizzle-orm';

const { subscriptions: s, trialReminders, invoices } = schema;

/** What the hourly billing job finds to do. */
export const billingJobsRepo = {
  /** Trials ending within `withinHours` (stored trial, end still ahead) that have not had this reminder for this end. */
  async trialsEnding(db: DbOrTx, kind: string, withinHours: number) {
    const res = await db.execute<{ workspace_id: string; trial_end_date: Date }>(sql`
      select s.workspace_id, s.trial_end_date from ${s} s
       where s.status = 'trial' and s.trial_end_date > now()
         and s.trial_end_date <= now() + make_interval(hours => ${withinHours}::int)
         and not exists (select 1 from ${trialReminders} r
                          where r.workspace_id = s.workspace_id and r.kind = ${kind} and r.trial_end_date = s.trial_end_date)
       limit 500`);
    return res.rows.map((r) => ({ workspaceId: r.workspace_id, trialEndDate: new Date(r.trial_end_date) }));
  },

  /** Claims a reminder; false when another run already did (the primary key decides). */
  async claimReminder(db: DbOrTx, workspaceId: string, kind: string, trialEndDate: Date): Promise<boolean> {
    const rows = await db
      .insert(trialReminders)
      .values({ workspaceId, kind, trialEndDate })
      .onConflictDoNothing()
      .returning({ k: trialReminders.kind });
    return rows.length > 0;
  },

  /** Manual subscriptions that renew within `days` and have no invoice waiting. */
  async manualRenewalsDue(db: DbOrTx, days: number) {
    const res = await db.execute<{ workspace_id: string }>(sql`
      select s.workspace_id from ${s} s
       where s.source = 'manual' and s.status in ('active', 'past_due') and not s.cancel_at_period_end
         and s.period_end is not null and s.period_end <= now() + make_interval(days => ${days}::int)
         and not exists (select 1 from ${invoices} i where i.workspace_id = s.workspace_id and i.status = 'open')
       limit 500`);
    return res.rows.map((r) => r.workspace_id);
  },
};
