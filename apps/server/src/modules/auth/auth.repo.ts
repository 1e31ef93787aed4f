import { type Db, type DbOrTx, schema } from '@vigil/db';
import { type SQL, and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { memberScopeSql } from '../../lib/camera-scope.ts';

const { sessions, users, workspaces, memberships, passwordResets, authThrottle, installationSettings, userTwoFactor } =
  schema;
const owners = alias(users, 'owner');

/**
 * A session lives while its person still belongs to the session's workspace: a removed member's
 * session resolves to nothing at once, whatever else was missed. The owner's row comes along
 * because a workspace's plan, limits and usage live on it.
 */
function liveSessionQuery(db: Db) {
  return db
    .select({
      user: users,
      workspace: workspaces,
      membership: { role: memberships.role, cameraIds: memberScopeSql(), siteIds: memberships.siteIds },
      owner: owners,
      lastSeenAt: sessions.lastSeenAt,
      // A session kept in memory (session-cache.ts) still ends on time.
      expiresAt: sessions.expiresAt,
      // Whether the person has two-factor on: a workspace may require it (security module's policy hook).
      twoFactor: sql<boolean>`exists (select 1 from ${userTwoFactor} where ${userTwoFactor.userId} = ${users.id} and ${userTwoFactor.enabledAt} is not null)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(workspaces, eq(workspaces.id, sessions.workspaceId))
    .innerJoin(memberships, and(eq(memberships.workspaceId, sessions.workspaceId), eq(memberships.userId, users.id)))
    .innerJoin(owners, eq(owners.id, workspaces.ownerId))
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
  async insertSession(
    db: DbOrTx,
    s: { tokenHash: string; userId: string; workspaceId: string; expiresAt: Date; userAgent?: string; ip?: string },
  ) {
    await db.insert(sessions).values(s);
  },
  /** The workspace a new session of this person opens in: the last one they used, while still a member. */
  async openingWorkspace(db: DbOrTx, person: { id: string; workspaceId: string; lastWorkspaceId: string | null }) {
    if (!person.lastWorkspaceId || person.lastWorkspaceId === person.workspaceId) return person.workspaceId;
    const [row] = await db
      .select({ id: memberships.workspaceId })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, person.lastWorkspaceId), eq(memberships.userId, person.id)));
    return row?.id ?? person.workspaceId;
  },
  /** Marks a session used now; called at most once a minute per session (the resolver checks first). */
  async touchSession(db: DbOrTx, tokenHash: string) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.tokenHash, tokenHash), lte(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
  },
  /** Moves a session to another workspace (the switcher, an accepted invitation). */
  async setSessionWorkspace(db: DbOrTx, tokenHash: string, workspaceId: string) {
    await db.update(sessions).set({ workspaceId }).where(eq(sessions.tokenHash, tokenHash));
  },
  /** Ends a person's sessions in one workspace (they were removed from it); returns their hashes. */
  async deleteWorkspaceSessions(db: DbOrTx, userId: string, workspaceId: string): Promise<string[]> {
    const rows = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.workspaceId, workspaceId)))
      .returning({ tokenHash: sessions.tokenHash });
    return rows.map((r) => r.tokenHash);
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
  /** Whether a reset token is live (unused, unexpired): checked before any password is hashed. */
  async isLiveReset(db: DbOrTx, tokenHash: string): Promise<boolean> {
    const [row] = await db
      .select({ userId: passwordResets.userId })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      );
    return Boolean(row);
  },
  /** Ends every outstanding reset link of a user (after a reset or a password change). */
  async endResets(db: DbOrTx, userId: string) {
    await db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
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
  /**
   * Takes one attempt from `key`'s allowance in a single statement, before any password is checked:
   * concurrent attempts queue on the row, so no more than `rule.max` of them in a row ever pass.
   * The attempt that reaches the limit starts a delay that doubles with each attempt after it
   * (rule.baseDelaySeconds, capped at rule.maxDelaySeconds); while it runs, nothing passes.
   * Returns the count this attempt made, or the seconds to wait when the key is held back.
   */
  async reserveAttempt(
    db: DbOrTx,
    key: string,
    rule: { max: number; windowSeconds: number; baseDelaySeconds: number; maxDelaySeconds: number },
  ): Promise<{ ok: true; count: number } | { ok: false; retryAfterSeconds: number }> {
    const t = authThrottle;
    const fresh = sql`(${t.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds}))`;
    const next = sql`(case when ${fresh} then 0 else ${t.failures} end + 1)`;
    const delay = (count: SQL) =>
      sql`case when ${count} >= ${rule.max} then now() + make_interval(secs => least(${rule.maxDelaySeconds}::float8, ${rule.baseDelaySeconds}::float8 * power(2, ${count} - ${rule.max}))) end`;
    const [row] = await db
      .insert(t)
      .values({ key, failures: 1, windowStartedAt: sql`now()`, blockedUntil: delay(sql`1`) })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          failures: next,
          windowStartedAt: sql`case when ${fresh} then now() else ${t.windowStartedAt} end`,
          blockedUntil: delay(next),
          updatedAt: sql`now()`,
        },
        where: or(isNull(t.blockedUntil), lte(t.blockedUntil, sql`now()`)),
      })
      .returning({ count: t.failures });
    if (row) return { ok: true, count: row.count };
    const [held] = await db
      .select({ wait: sql<number>`greatest(1, ceil(extract(epoch from ${t.blockedUntil} - now())))::int` })
      .from(t)
      .where(eq(t.key, key));
    return { ok: false, retryAfterSeconds: held?.wait ?? 1 };
  },
  /** Gives back one reserved attempt (it turned out not to be a failure), keeping any delay already running. */
  async releaseAttempt(db: DbOrTx, key: string) {
    await db
      .update(authThrottle)
      .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
      .where(eq(authThrottle.key, key));
  },
  async clearFailures(db: DbOrTx, key: string) {
    await db.delete(authThrottle).where(eq(authThrottle.key, key));
  },
  /** An installation setting's stored value (undefined when never set). */
  async setting(db: DbOrTx, key: string): Promise<unknown> {
    const [row] = await db
      .select({ value: installationSettings.value })
      .from(installationSettings)
      .where(eq(installationSettings.key, key));
    return row?.value;
  },
  async saveSetting(db: DbOrTx, key: string, value: unknown) {
    await db
      .insert(installationSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: installationSettings.key, set: { value, updatedAt: sql`now()` } });
  },
};
