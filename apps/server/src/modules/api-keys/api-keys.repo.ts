import { type Db, type DbOrTx, schema } from '@vigil/db';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { memberScopeSql } from '../../lib/camera-scope.ts';

const { apiKeys, users, workspaces, memberships } = schema;
const owners = alias(users, 'owner');

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyListRow = ApiKeyRow & { creatorName: string };

/**
 * A key lives while it is unrevoked and unexpired, and while its creator is enabled and still a
 * member of the key's workspace: one query, prepared once per pool (it runs on every keyed request).
 */
function liveKeyQuery(db: Db) {
  return db
    .select({
      key: apiKeys,
      creator: users,
      workspace: workspaces,
      membership: { role: memberships.role, cameraIds: memberScopeSql(), siteIds: memberships.siteIds },
      owner: owners,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .innerJoin(memberships, and(eq(memberships.workspaceId, apiKeys.workspaceId), eq(memberships.userId, users.id)))
    .innerJoin(owners, eq(owners.id, workspaces.ownerId))
    .where(
      and(
        eq(apiKeys.keyHash, sql.placeholder('hash')),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
        isNull(users.disabledAt),
      ),
    )
    .limit(1)
    .prepare('live_api_key');
}
const liveKeyQueries = new WeakMap<Db, ReturnType<typeof liveKeyQuery>>();

export const apiKeysRepo = {
  async findLive(db: Db, keyHash: string) {
    let prepared = liveKeyQueries.get(db);
    if (!prepared) {
      prepared = liveKeyQuery(db);
      liveKeyQueries.set(db, prepared);
    }
    const [row] = await prepared.execute({ hash: keyHash });
    return row;
  },

  /** Marks a key used now from `ip`; the resolver calls it at most once a minute per key, the WHERE makes sure. */
  async touch(db: DbOrTx, id: string, ip: string | undefined) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()`, lastUsedIp: ip ?? null })
      .where(
        and(
          eq(apiKeys.id, id),
          or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} <= now() - interval '1 minute'`),
        ),
      );
  },

  /** Serialises creations in a workspace until the transaction ends, so the count it checks holds. */
  async lockWorkspace(tx: DbOrTx, workspaceId: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vigil:api-keys'), hashtext(${workspaceId}))`);
  },

  async countLive(db: DbOrTx, workspaceId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)));
    return row?.n ?? 0;
  },

  async nameTaken(db: DbOrTx, workspaceId: string, name: string): Promise<boolean> {
    const [row] = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.workspaceId, workspaceId),
          isNull(apiKeys.revokedAt),
          sql`lower(${apiKeys.name}) = lower(${name})`,
        ),
      );
    return Boolean(row);
  },

  async insert(db: DbOrTx, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
    const [saved] = await db.insert(apiKeys).values(row).returning();
    return saved!;
  },

  /** A workspace's unrevoked keys, newest first, with their creator's name. */
  async list(db: DbOrTx, workspaceId: string): Promise<ApiKeyListRow[]> {
    const rows = await db
      .select({ key: apiKeys, creatorName: users.displayName })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.createdBy))
      .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    return rows.map((r) => ({ ...r.key, creatorName: r.creatorName }));
  },

  /** Revokes a live key of the workspace; false when there is none (unknown, another workspace's, revoked). */
  async revoke(db: DbOrTx, workspaceId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return rows.length > 0;
  },
};
