import { type DbOrTx, schema } from '@vigil/db';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';

const { userTwoFactor, recoveryCodes, workspaces } = schema;

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

/** The only SQL of two-factor authentication: the secret row, recovery codes, the workspace policy. */
export const twoFactorRepo = {
  async find(db: DbOrTx, userId: string): Promise<TwoFactorRow | undefined> {
    const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
    return row;
  },

  /** Starts (or restarts) an enrolment with a new sealed secret; false when two-factor is already on. */
  async savePending(db: DbOrTx, userId: string, secret: string): Promise<boolean> {
    const rows = await db
      .insert(userTwoFactor)
      .values({ userId, secret })
      .onConflictDoUpdate({
        target: userTwoFactor.userId,
        set: { secret, lastUsedStep: null, updatedAt: sql`now()` },
        where: isNull(userTwoFactor.enabledAt),
      })
      .returning({ userId: userTwoFactor.userId });
    return rows.length > 0;
  },

  /** Turns a pending enrolment on, its confirming code's step used; false when it was no longer pending. */
  async enable(db: DbOrTx, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(userTwoFactor)
      .set({ enabledAt: sql`now()`, lastUsedStep: step })
      .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
      .returning({ userId: userTwoFactor.userId });
    return rows.length > 0;
  },

  /**
   * Marks a step used if it is newer than the last one, in one statement: of two requests
   * carrying the same code, only one passes.
   */
  async useStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(userTwoFactor)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(userTwoFactor.userId, userId),
          isNotNull(userTwoFactor.enabledAt),
          or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
        ),
      )
      .returning({ userId: userTwoFactor.userId });
    return rows.length > 0;
  },

  async remove(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  },

  /** The new set replaces every older code, used or not. */
  async replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[]): Promise<void> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  },

  /** Spends an unused recovery code, atomically: a code works once. */
  async useRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
    const rows = await db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  },

  async recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.n ?? 0;
  },

  async setWorkspacePolicy(db: DbOrTx, workspaceId: string, requireTwoFactor: boolean): Promise<void> {
    await db.update(workspaces).set({ requireTwoFactor }).where(eq(workspaces.id, workspaceId));
  },
};
