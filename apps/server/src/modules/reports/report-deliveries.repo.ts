import { type DbOrTx, schema } from '@vigil/db';
import { and, eq, inArray, sql } from 'drizzle-orm';

const { reportDeliveries: d } = schema;

export type DeliveryRow = typeof d.$inferSelect;

/**
 * A scheduled report's mails, one row per recipient. The status is the lock that keeps "never
 * twice": an attempt moves a row pending/retrying → sending before it mails, so a sent row is
 * never mailed again, and one found still `sending` belonged to an attempt that died mid-send.
 */
export const reportDeliveriesRepo = {
  async ofReport(db: DbOrTx, reportId: string): Promise<DeliveryRow[]> {
    return db.select().from(d).where(eq(d.reportId, reportId)).orderBy(d.createdAt, d.id);
  },

  /** Rows an attempt that died left `sending`: whether they went is unknown, so they are not sent again. */
  async interruptStale(db: DbOrTx, reportId: string, error: string): Promise<void> {
    await db
      .update(d)
      .set({ status: 'interrupted', error, updatedAt: new Date() })
      .where(and(eq(d.reportId, reportId), eq(d.status, 'sending')));
  },

  /** One statement: two attempts racing for a row, only one moves it to `sending`. */
  async claim(db: DbOrTx, id: string): Promise<DeliveryRow | undefined> {
    const [row] = await db
      .update(d)
      .set({ status: 'sending', attempts: sql`${d.attempts} + 1`, updatedAt: new Date() })
      .where(and(eq(d.id, id), inArray(d.status, ['pending', 'retrying'])))
      .returning();
    return row;
  },

  async finish(
    db: DbOrTx,
    id: string,
    status: 'sent' | 'outbox' | 'retrying' | 'failed' | 'skipped',
    error: string | null = null,
  ): Promise<void> {
    await db
      .update(d)
      .set({
        status,
        error,
        ...(status === 'sent' || status === 'outbox' ? { sentAt: new Date() } : {}),
        updatedAt: new Date(),
      })
      .where(eq(d.id, id));
  },
};
