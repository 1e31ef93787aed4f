import { type DbOrTx, schema } from '@vigil/db';
import { DEFAULT_NOTIFICATION_RULE } from '@vigil/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { UserRow } from './user-doc.ts';

const { users, workspaces, credentials, notificationRules, memberships } = schema;

export type NewUser = typeof users.$inferInsert;

export const accountsRepo = {
  async insertWorkspace(db: DbOrTx, ws: { id: string; name: string; ownerId: string; timeZone?: string }) {
    const [row] = await db.insert(workspaces).values(ws).returning();
    // Every workspace starts with the rule people expect: alerts reach its owner and managers.
    await db.insert(notificationRules).values({ workspaceId: ws.id, ...DEFAULT_NOTIFICATION_RULE });
    return row!;
  },
  /** The workspace's settings row, changed (its own fields only). */
  async updateWorkspace(
    db: DbOrTx,
    id: string,
    patch: Partial<Pick<typeof workspaces.$inferInsert, 'viewersMayExport' | 'newCameraMotionAlerts'>>,
  ) {
    const [row] = await db
      .update(workspaces)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(workspaces.id, id))
      .returning();
    return row;
  },
  /** Everyone in a workspace (their documents show its settings). */
  async memberIds(db: DbOrTx, workspaceId: string): Promise<string[]> {
    const rows = await db
      .select({ id: memberships.userId })
      .from(memberships)
      .where(eq(memberships.workspaceId, workspaceId));
    return rows.map((r) => r.id);
  },
  async insertUser(db: DbOrTx, user: NewUser) {
    const [row] = await db.insert(users).values(user).returning();
    return row!;
  },
  async insertMembership(db: DbOrTx, m: typeof memberships.$inferInsert) {
    await db.insert(memberships).values(m);
  },
  /** A member's role in a workspace; the owner's own row keeps `owner`. */
  async setMemberRole(db: DbOrTx, workspaceId: string, userId: string, role: string) {
    await db
      .update(memberships)
      .set({ role })
      .where(
        and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId), ne(memberships.role, 'owner')),
      );
  },
  async insertCredentials(db: DbOrTx, userId: string, passwordHash: string) {
    await db.insert(credentials).values({ userId, passwordHash });
  },
  async setPasswordHash(db: DbOrTx, userId: string, passwordHash: string) {
    await db.update(credentials).set({ passwordHash }).where(eq(credentials.userId, userId));
  },
  async countUsers(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  },
  async findByEmail(db: DbOrTx, email: string): Promise<(UserRow & { passwordHash: string | null }) | undefined> {
    const rows = await db
      .select({ user: users, passwordHash: credentials.passwordHash })
      .from(users)
      .leftJoin(credentials, eq(credentials.userId, users.id))
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    const r = rows[0];
    return r ? { ...r.user, passwordHash: r.passwordHash } : undefined;
  },
  async findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },
  async passwordHash(db: DbOrTx, userId: string): Promise<string | undefined> {
    const [row] = await db.select().from(credentials).where(eq(credentials.userId, userId)).limit(1);
    return row?.passwordHash;
  },
  async updateUser(db: DbOrTx, id: string, patch: Partial<NewUser>): Promise<UserRow | undefined> {
    const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
    return row;
  },
  /** Whether the user owns a workspace (locks that workspace row, so ownership cannot move meanwhile). */
  async ownsWorkspace(db: DbOrTx, userId: string): Promise<boolean> {
    const rows = await db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.ownerId, userId))
      .for('update');
    return rows.length > 0;
  },
  async findWorkspace(db: DbOrTx, id: string) {
    const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id)).limit(1);
    return row;
  },
};
