import { type DbOrTx, schema } from '@vigil/db';
import { asc, eq, sql } from 'drizzle-orm';

const { plans: p, subscriptions: s } = schema;
export type PlanRow = typeof p.$inferSelect;
export type NewPlanRow = typeof p.$inferInsert;

export const plansRepo = {
  async list(db: DbOrTx, opts: { publicOnly: boolean }) {
    const q = db
      .select({ plan: p, subscribers: sql<number>`(select count(*)::int from ${s} where ${s.planKey} = ${p.key})` })
      .from(p)
      .orderBy(asc(p.sortOrder), asc(p.key));
    return opts.publicOnly ? q.where(sql`${p.public} and not ${p.archived}`) : q;
  },

  async find(db: DbOrTx, key: string): Promise<PlanRow | undefined> {
    const [row] = await db.select().from(p).where(eq(p.key, key)).limit(1);
    return row;
  },

  /** Inserts unless the key exists: undefined on a clash (the key is the primary key, so two creates cannot both win). */
  async insert(db: DbOrTx, row: NewPlanRow): Promise<PlanRow | undefined> {
    const [out] = await db.insert(p).values(row).onConflictDoNothing().returning();
    return out;
  },

  async update(db: DbOrTx, key: string, patch: Partial<NewPlanRow>): Promise<PlanRow | undefined> {
    const [out] = await db.update(p).set(patch).where(eq(p.key, key)).returning();
    return out;
  },

  async subscribers(db: DbOrTx, key: string): Promise<string[]> {
    const rows = await db.select({ id: s.workspaceId }).from(s).where(eq(s.planKey, key));
    return rows.map((r) => r.id);
  },
};
