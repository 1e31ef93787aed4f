import { type DbOrTx, schema } from '@vigil/db';
import { and, desc, eq, sql } from 'drizzle-orm';

const { stripeEvents: e } = schema;
export type StripeEventRow = typeof e.$inferSelect;

/** Stripe webhook events received: the id is the exactly-once key. */
export const stripeEventsRepo = {
  /**
   * Claims an event for applying, in the caller's transaction: true when it is new, or was stored
   * as failed (a retry); false when it was applied or ignored already (a redelivery).
   */
  async claim(db: DbOrTx, ev: { id: string; type: string; payload: unknown; status: 'applied' | 'ignored' }) {
    const rows = await db
      .insert(e)
      .values({ id: ev.id, type: ev.type, status: ev.status, payload: ev.payload })
      .onConflictDoUpdate({
        target: e.id,
        set: { status: ev.status, error: null, attempts: sql`${e.attempts} + 1`, updatedAt: new Date() },
        setWhere: eq(e.status, 'failed'),
      })
      .returning({ id: e.id });
    return rows.length > 0;
  },

  /** Records a failure (its own transaction: the failed one rolled back), unless the event was applied meanwhile. */
  async fail(db: DbOrTx, ev: { id: string; type: string; payload: unknown }, error: string) {
    await db
      .insert(e)
      .values({ id: ev.id, type: ev.type, status: 'failed', error, payload: ev.payload })
      .onConflictDoUpdate({
        target: e.id,
        set: { error, attempts: sql`${e.attempts} + 1`, updatedAt: new Date() },
        setWhere: eq(e.status, 'failed'),
      });
  },

  async find(db: DbOrTx, id: string): Promise<StripeEventRow | undefined> {
    const [row] = await db.select().from(e).where(eq(e.id, id)).limit(1);
    return row;
  },

  async list(db: DbOrTx, status: string | undefined, limit: number) {
    return db
      .select()
      .from(e)
      .where(status ? eq(e.status, status) : sql`true`)
      .orderBy(desc(e.createdAt))
      .limit(limit);
  },

  async isApplied(db: DbOrTx, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: e.id })
      .from(e)
      .where(and(eq(e.id, id), sql`${e.status} <> 'failed'`))
      .limit(1);
    return Boolean(row);
  },
};
