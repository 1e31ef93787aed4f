import { type DbOrTx, schema } from '@vigil/db';
import type { SmsStatus } from '@vigil/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type ScopedActor, rowCameraInScope } from '../../lib/camera-scope.ts';

const { smsSettings, smsMessages, smsOptOuts, workspaces, deliveries, events } = schema;

export type SmsSettingsRow = typeof smsSettings.$inferSelect;
export type SmsMessageRow = typeof smsMessages.$inferSelect;
export type NewSmsMessage = typeof smsMessages.$inferInsert;

/** The indexes' own order (drizzle writes DESC NULLS LAST), so a page is a range scan. */
const NEWEST_FIRST = [sql`${smsMessages.createdAt} desc nulls last`, sql`${smsMessages.id} desc nulls last`];

export interface SmsCursor {
  createdAt: string;
  id: string;
}

/** Messages that count against the rate and the cap: everything handed to the provider. */
const counted = sql`${smsMessages.status} <> 'refused'`;
/** The monthly cap counts calendar months in UTC. */
const monthStart = sql`(date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`;

export const smsRepo = {
  async settings(db: DbOrTx, workspaceId: string): Promise<SmsSettingsRow | undefined> {
    const [row] = await db.select().from(smsSettings).where(eq(smsSettings.workspaceId, workspaceId));
    return row;
  },

  /**
   * The workspace's settings row, locked until the transaction ends: every send of a workspace
   * counts its recent messages and inserts its own under this lock, so two senders never both
   * take the last place under the rate or the cap.
   */
  async lockSettings(tx: DbOrTx, workspaceId: string): Promise<SmsSettingsRow | undefined> {
    const [row] = await tx.select().from(smsSettings).where(eq(smsSettings.workspaceId, workspaceId)).for('update');
    return row;
  },

  async saveSettings(db: DbOrTx, row: typeof smsSettings.$inferInsert): Promise<SmsSettingsRow> {
    const { workspaceId, ...rest } = row;
    const [saved] = await db
      .insert(smsSettings)
      .values(row)
      .onConflictDoUpdate({ target: smsSettings.workspaceId, set: { ...rest, updatedAt: new Date() } })
      .returning();
    return saved!;
  },

  /** Every workspace whose account and number these are (inbound messages name only those). */
  async settingsByAccount(db: DbOrTx, accountSid: string, fromNumber: string): Promise<SmsSettingsRow[]> {
    return db
      .select()
      .from(smsSettings)
      .where(and(eq(smsSettings.accountSid, accountSid), eq(smsSettings.fromNumber, fromNumber)));
  },

  async timeZone(db: DbOrTx, workspaceId: string): Promise<string> {
    const [row] = await db
      .select({ timeZone: workspaces.timeZone })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    return row?.timeZone ?? 'UTC';
  },

  /** Messages handed to the provider in the last minute and since the start of this calendar month (UTC). */
  async usage(db: DbOrTx, workspaceId: string): Promise<{ lastMinute: number; thisMonth: number }> {
    const [row] = await db
      .select({
        lastMinute: sql<number>`count(*) filter (where ${smsMessages.createdAt} > now() - interval '60 seconds')::int`,
        thisMonth: sql<number>`count(*) filter (where ${smsMessages.createdAt} >= ${monthStart})::int`,
      })
      .from(smsMessages)
      .where(
        and(
          eq(smsMessages.workspaceId, workspaceId),
          counted,
          sql`${smsMessages.createdAt} >= least(${monthStart}, now() - interval '60 seconds')`,
        ),
      );
    return { lastMinute: row?.lastMinute ?? 0, thisMonth: row?.thisMonth ?? 0 };
  },

  /** Seconds until the oldest message of the last minute leaves the window (at least 1). */
  async secondsUntilRateFrees(db: DbOrTx, workspaceId: string, ratePerMinute: number): Promise<number> {
    const [row] = await db
      .select({
        wait: sql<number>`ceil(extract(epoch from (${smsMessages.createdAt} + interval '60 seconds' - now())))::int`,
      })
      .from(smsMessages)
      .where(
        and(
          eq(smsMessages.workspaceId, workspaceId),
          counted,
          sql`${smsMessages.createdAt} > now() - interval '60 seconds'`,
        ),
      )
      .orderBy(sql`${smsMessages.createdAt} desc`)
      .offset(Math.max(0, ratePerMinute - 1))
      .limit(1);
    return Math.max(1, row?.wait ?? 1);
  },

  async insertMessage(db: DbOrTx, row: NewSmsMessage): Promise<SmsMessageRow> {
    const [created] = await db.insert(smsMessages).values(row).returning();
    return created!;
  },

  async updateMessage(
    db: DbOrTx,
    id: string,
    patch: Partial<Pick<SmsMessageRow, 'providerSid' | 'status' | 'errorCode' | 'error'>>,
  ): Promise<SmsMessageRow> {
    const [row] = await db.update(smsMessages).set(patch).where(eq(smsMessages.id, id)).returning();
    return row!;
  },

  async messageBySid(db: DbOrTx, providerSid: string): Promise<SmsMessageRow | undefined> {
    const [row] = await db.select().from(smsMessages).where(eq(smsMessages.providerSid, providerSid)).limit(1);
    return row;
  },

  /**
   * A status callback's news, only from queued or sent: never from a final status (delivered,
   * undelivered, failed, refused) and never back from sent to queued, as callbacks may arrive out of order.
   */
  async applyStatus(
    db: DbOrTx,
    id: string,
    status: SmsStatus,
    errorCode: string | null,
  ): Promise<SmsMessageRow | undefined> {
    const from: SmsStatus[] = status === 'queued' ? ['queued'] : ['queued', 'sent'];
    const [row] = await db
      .update(smsMessages)
      .set({ status, ...(errorCode ? { errorCode } : {}) })
      .where(and(eq(smsMessages.id, id), inArray(smsMessages.status, from)))
      .returning();
    return row;
  },

  /** A page of the log; a member limited to some cameras reads only the messages of their cameras' events. */
  async listMessages(db: DbOrTx, of: ScopedActor, f: { status?: SmsStatus }, limit: number, after?: SmsCursor) {
    const parts = [eq(smsMessages.workspaceId, of.workspaceId)];
    const scoped = rowCameraInScope(sql`e.camera_id`, of.cameraIds);
    if (scoped)
      parts.push(sql`not exists (select 1 from ${deliveries} d join ${events} e on e.id = d.event_id
        where d.id = ${smsMessages.deliveryId} and not ${scoped})`);
    if (f.status) parts.push(eq(smsMessages.status, f.status));
    if (after)
      parts.push(
        sql`(${smsMessages.createdAt}, ${smsMessages.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
      );
    const rows = await db
      .select({ m: smsMessages, sortText: sql<string>`${smsMessages.createdAt}::text` })
      .from(smsMessages)
      .where(and(...parts))
      .orderBy(...NEWEST_FIRST)
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      rows: page.map((r) => r.m),
      next: rows.length > limit && last ? { createdAt: last.sortText, id: last.m.id } : null,
    };
  },

  async isOptedOut(db: DbOrTx, workspaceId: string, phone: string): Promise<boolean> {
    const [row] = await db
      .select({ phone: smsOptOuts.phone })
      .from(smsOptOuts)
      .where(and(eq(smsOptOuts.workspaceId, workspaceId), eq(smsOptOuts.phone, phone)));
    return Boolean(row);
  },

  async optOut(db: DbOrTx, workspaceId: string, phone: string): Promise<void> {
    await db.insert(smsOptOuts).values({ workspaceId, phone }).onConflictDoNothing();
  },

  async optIn(db: DbOrTx, workspaceId: string, phone: string): Promise<boolean> {
    const r = await db
      .delete(smsOptOuts)
      .where(and(eq(smsOptOuts.workspaceId, workspaceId), eq(smsOptOuts.phone, phone)))
      .returning({ phone: smsOptOuts.phone });
    return r.length > 0;
  },

  async optOuts(db: DbOrTx, workspaceId: string) {
    return db
      .select()
      .from(smsOptOuts)
      .where(eq(smsOptOuts.workspaceId, workspaceId))
      .orderBy(asc(smsOptOuts.phone))
      .limit(1000);
  },
};
