import { type Db, type DbOrTx, schema } from '@vigil/db';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';

const { sessions, users, workspaces, passwordResets, authThrottle } = schema;

function liveSessionQuery(db: Db) {
  return db
    .select({ user: users, workspace: workspaces })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.disabledAt),
      ),
    )
    .limit(1)
    .prepare('live_session');
}
const liveSessionQueries = new WeakMap<Db, ReturnType<typeof liveSessionQuery>>();

export const authRepo = {
  async insertSession(db: DbOrTx, s: { tokenHash: string; userId: string; expiresAt: Date; userAgent?: string }) {
    await db.insert(sessions).values(s);
  },
  /**
   * The session's user and workspace, if the session is live and the account enabled: one
   * query, prepared once per pool because every API request runs it (bench/me-latency.mjs).
   */
  async findLiveSession(db: Db, tokenHash: string) {
    let prepared = liveSessionQueries.get(db);
    if (!prepared) {
      prepared = liveSessionQuery(db);
      liveSessionQueries.set(db, prepared);
    }
    const [row] = await prepared.execute({ hash: tokenHash });
    return row;
  },
  async deleteSession(db: DbOrTx, tokenHash: string) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  },
  async deleteUserSessions(db: DbOrTx, userId: string, exceptTokenHash?: string) {
    await db
      .delete(sessions)
      .where(
        exceptTokenHash
          ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash))
          : eq(sessions.userId, userId),
      );
  },
  async insertReset(db: DbOrTx, r: { tokenHash: string; userId: string; expiresAt: Date }) {
    await db.insert(passwordResets).values(r);
  },
  /** Marks a live reset token used and returns its user, atomically: a token works once. */
  async consumeReset(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
    const [row] = await db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    return row?.userId;
  },
  async failuresInWindow(db: DbOrTx, key: string, windowMinutes: number): Promise<number> {
    const [row] = await db
      .select({ failures: authThrottle.failures })
      .from(authThrottle)
      .where(
        and(
          eq(authThrottle.key, key),
          gt(authThrottle.windowStartedAt, sql`now() - make_interval(mins => ${windowMinutes})`),
        ),
      );
    return row?.failures ?? 0;
  },
  async recordFailure(db: DbOrTx, key: string, windowMinutes: number) {
    await db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStartedAt: new Date() })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${authThrottle.windowStartedAt} > now() - make_interval(mins => ${windowMinutes}) then ${authThrottle.failures} + 1 else 1 end`,
          windowStartedAt: sql`case when ${authThrottle.windowStartedAt} > now() - make_interval(mins => ${windowMinutes}) then ${authThrottle.windowStartedAt} else now() end`,
        },
      });
  },
  async clearFailures(db: DbOrTx, key: string) {
    await db.delete(authThrottle).where(eq(authThrottle.key, key));
  },
};
