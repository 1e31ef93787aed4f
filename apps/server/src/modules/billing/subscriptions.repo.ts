import { type DbOrTx, schema, storedBytesSql } from '@vigil/db';
import { eq, sql } from 'drizzle-orm';

const { subscriptions: s, users, workspaces, plans, storageDaily } = schema;

export type SubscriptionRow = typeof s.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

/** A workspace's billing state (subscriptions) and the mirror of it on its members' user documents. */
export const subscriptionsRepo = {
  async find(db: DbOrTx, workspaceId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db.select().from(s).where(eq(s.workspaceId, workspaceId)).limit(1);
    return row;
  },

  /** The features of the workspace's plan, read with its subscription in one round trip; undefined: no subscription or plan. */
  async planFeatures(db: DbOrTx, workspaceId: string): Promise<PlanRow['features'] | undefined> {
    const [row] = await db
      .select({ features: plans.features })
      .from(s)
      .innerJoin(plans, eq(plans.key, s.planKey))
      .where(eq(s.workspaceId, workspaceId))
      .limit(1);
    return row?.features;
  },

  /** Locks the row: every transition of one workspace takes its turn (two payments never both apply). */
  async lock(db: DbOrTx, workspaceId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db.select().from(s).where(eq(s.workspaceId, workspaceId)).for('update').limit(1);
    return row;
  },

  async findByStripeSubscription(db: DbOrTx, stripeSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db.select().from(s).where(eq(s.stripeSubscriptionId, stripeSubscriptionId)).limit(1);
    return row;
  },

  async insert(db: DbOrTx, row: typeof s.$inferInsert): Promise<SubscriptionRow> {
    const [out] = await db.insert(s).values(row).returning();
    return out!;
  },

  async update(db: DbOrTx, workspaceId: string, patch: Partial<typeof s.$inferInsert>): Promise<SubscriptionRow> {
    const [out] = await db.update(s).set(patch).where(eq(s.workspaceId, workspaceId)).returning();
    return out!;
  },

  /**
   * Copies plan, stored status, trial dates, limits and flags onto every member's user document
   * (spec §3 keeps them there); returns the member ids, whose pages are told.
   */
  async mirror(db: DbOrTx, workspaceId: string, m: { plan: PlanRow; row: SubscriptionRow }): Promise<string[]> {
    const { row } = m;
    const rows = await db
      .update(users)
      .set({
        plan: m.plan.key,
        planStatus: row.status,
        trialEndDate: row.trialEndDate,
        billingState: {
          periodEnd: row.periodEnd?.toISOString() ?? null,
          pastDueSince: row.pastDueSince?.toISOString() ?? null,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          graceDays: row.graceDays,
        },
        limits: m.plan.limits,
        aiAccess: m.plan.features.aiAccess,
        vmsAccess: m.plan.features.vms,
      })
      .where(eq(users.workspaceId, workspaceId))
      .returning({ id: users.id });
    return rows.map((r) => r.id);
  },

  async plan(db: DbOrTx, key: string): Promise<PlanRow | undefined> {
    const [row] = await db.select().from(plans).where(eq(plans.key, key)).limit(1);
    return row;
  },

  /** The workspace and its owner, for an invoice's buyer and a reminder's recipient. */
  async owner(db: DbOrTx, workspaceId: string) {
    const [row] = await db
      .select({
        workspaceName: workspaces.name,
        ownerId: users.id,
        email: users.email,
        displayName: users.displayName,
        language: sql<string>`${users.preferences}->>'language'`,
        usage: users.usage,
      })
      .from(workspaces)
      .innerJoin(users, eq(users.id, workspaces.ownerId))
      .where(eq(workspaces.id, workspaceId))
      .limit(1);
    return row;
  },

  /**
   * Today's storage reading for every workspace, in bytes (the highest of the day is kept). Counted
   * from what is stored, like the usage figure, not read back from the owner's usage: that one is
   * in GB with three decimals, and is the owner's, not one workspace's.
   */
  async sampleStorage(db: DbOrTx): Promise<number> {
    const res = await db.execute(sql`
      insert into ${storageDaily} (workspace_id, day, bytes)
      select w.id, (now() at time zone 'UTC')::date, ${storedBytesSql(sql`w.id`)}
        from ${workspaces} w
      on conflict (workspace_id, day) do update
        set bytes = greatest(${storageDaily.bytes}, excluded.bytes), updated_at = now()`);
    return res.rowCount ?? 0;
  },
};
