import { type DbOrTx, schema } from '@vigil/db';
import type { UpdateRuleInput } from '@vigil/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

const { notificationRules, notificationCooldowns, cameras, memberships } = schema;

export type RuleRow = typeof notificationRules.$inferSelect;
export type NewRule = Omit<typeof notificationRules.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export const rulesRepo = {
  list(db: DbOrTx, workspaceId: string): Promise<RuleRow[]> {
    return db
      .select()
      .from(notificationRules)
      .where(eq(notificationRules.workspaceId, workspaceId))
      .orderBy(asc(notificationRules.createdAt), asc(notificationRules.id));
  },
  async get(db: DbOrTx, workspaceId: string, id: string): Promise<RuleRow | undefined> {
    const [row] = await db
      .select()
      .from(notificationRules)
      .where(and(eq(notificationRules.id, id), eq(notificationRules.workspaceId, workspaceId)));
    return row;
  },
  async insert(db: DbOrTx, rule: NewRule): Promise<RuleRow> {
    const [row] = await db.insert(notificationRules).values(rule).returning();
    return row!;
  },
  async update(db: DbOrTx, workspaceId: string, id: string, patch: UpdateRuleInput): Promise<RuleRow | undefined> {
    const [row] = await db
      .update(notificationRules)
      .set(patch)
      .where(and(eq(notificationRules.id, id), eq(notificationRules.workspaceId, workspaceId)))
      .returning();
    return row;
  },
  async remove(db: DbOrTx, workspaceId: string, id: string): Promise<boolean> {
    const gone = await db
      .delete(notificationRules)
      .where(and(eq(notificationRules.id, id), eq(notificationRules.workspaceId, workspaceId)))
      .returning({ id: notificationRules.id });
    return gone.length > 0;
  },
  /** Which of these ids are cameras of the workspace (a rule may name only its own). */
  async ownCameraIds(db: DbOrTx, workspaceId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db
      .select({ id: cameras.id })
      .from(cameras)
      .where(and(eq(cameras.workspaceId, workspaceId), inArray(cameras.id, ids)));
    return new Set(rows.map((r) => r.id));
  },
  /** Which of these ids are people of the workspace: its members, the owner and everyone invited in. */
  async ownUserIds(db: DbOrTx, workspaceId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db
      .select({ id: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), inArray(memberships.userId, ids)));
    return new Set(rows.map((r) => r.id));
  },

  /**
   * Claims the rule's cooldown for a camera and kind at `at`: true when nothing was sent within
   * `seconds` before it (and records `at`), false while cooling down. One statement, so two
   * events racing for the same slot cannot both win.
   */
  async claimCooldown(
    db: DbOrTx,
    c: { ruleId: string; cameraKey: string; kind: string; at: Date; seconds: number },
  ): Promise<boolean> {
    const rows = await db
      .insert(notificationCooldowns)
      .values({ ruleId: c.ruleId, cameraKey: c.cameraKey, kind: c.kind, lastSentAt: c.at })
      .onConflictDoUpdate({
        target: [notificationCooldowns.ruleId, notificationCooldowns.cameraKey, notificationCooldowns.kind],
        set: { lastSentAt: c.at },
        setWhere: sql`${notificationCooldowns.lastSentAt} <= ${c.at}::timestamptz - make_interval(secs => ${c.seconds})`,
      })
      .returning({ ruleId: notificationCooldowns.ruleId });
    return rows.length > 0;
  },
};
