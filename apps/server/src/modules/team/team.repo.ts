import { type DbOrTx, schema } from '@vigil/db';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';

const { memberships, invitations, users, workspaces, sessions, cameras, sites, userTwoFactor } = schema;

export type MembershipRow = typeof memberships.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;

const pending = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

/** The team module's only SQL: memberships, invitations, and the sessions a membership change ends. */
export const teamRepo = {
  async membership(db: DbOrTx, workspaceId: string, userId: string, lock = false) {
    const q = db
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /** Every member with what the team page shows, in one query (bench/team-members.mjs). */
  async members(db: DbOrTx, workspaceId: string) {
    return db
      .select({
        userId: users.id,
        email: users.email,
        displayName: users.displayName,
        role: memberships.role,
        cameraIds: memberships.cameraIds,
        siteIds: memberships.siteIds,
        joinedAt: memberships.createdAt,
        lastLoginAt: users.lastLoginAt,
        disabledAt: users.disabledAt,
        lastSeenAt: sql<Date | null>`(select max(s.last_seen_at) from ${sessions} s where s.user_id = ${users.id})`,
        twoFactor: sql<boolean>`exists(select 1 from ${userTwoFactor} f where f.user_id = ${users.id} and f.enabled_at is not null)`,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.workspaceId, workspaceId))
      .orderBy(
        sql`case ${memberships.role} when 'owner' then 0 when 'manager' then 1 when 'operator' then 2 else 3 end`,
        asc(sql`lower(${users.displayName})`),
        asc(users.id),
      );
  },

  async insertMembership(db: DbOrTx, m: typeof memberships.$inferInsert) {
    await db.insert(memberships).values(m).onConflictDoNothing();
  },
  async updateMembership(db: DbOrTx, workspaceId: string, userId: string, patch: Partial<MembershipRow>) {
    const [row] = await db
      .update(memberships)
      .set(patch)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
      .returning();
    return row;
  },
  async deleteMembership(db: DbOrTx, workspaceId: string, userId: string) {
    await db.delete(memberships).where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  },

  /** The person's workspaces with their role in each (the switcher). */
  async workspacesOf(db: DbOrTx, userId: string) {
    return db
      .select({ id: workspaces.id, name: workspaces.name, role: memberships.role })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(sql`lower(${workspaces.name})`), asc(workspaces.id));
  },

  /** Which of `ids` are cameras of the workspace. */
  async cameraIdsIn(db: DbOrTx, workspaceId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: cameras.id })
      .from(cameras)
      .where(and(eq(cameras.workspaceId, workspaceId), inArray(cameras.id, ids)));
    return rows.map((r) => r.id);
  },

  /** Which of `ids` are sites of the workspace. */
  async siteIdsIn(db: DbOrTx, workspaceId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.workspaceId, workspaceId), inArray(sites.id, ids)));
    return rows.map((r) => r.id);
  },

  async insertInvitation(db: DbOrTx, inv: typeof invitations.$inferInsert) {
    const [row] = await db.insert(invitations).values(inv).returning();
    return row!;
  },
  async pendingFor(db: DbOrTx, workspaceId: string, email: string) {
    const [row] = await db
      .select()
      .from(invitations)
      .where(and(eq(invitations.workspaceId, workspaceId), sql`lower(${invitations.email}) = lower(${email})`, pending))
      .for('update');
    return row;
  },
  async pendingInvitations(db: DbOrTx, workspaceId: string) {
    return db
      .select({ inv: invitations, inviterName: users.displayName })
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.invitedBy))
      .where(and(eq(invitations.workspaceId, workspaceId), pending))
      .orderBy(asc(invitations.createdAt));
  },
  async invitation(db: DbOrTx, workspaceId: string, id: string) {
    const [row] = await db
      .select()
      .from(invitations)
      .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id), pending))
      .for('update');
    return row;
  },
  async updateInvitation(db: DbOrTx, id: string, patch: Partial<InvitationRow>) {
    await db.update(invitations).set(patch).where(eq(invitations.id, id));
  },
  async invitationByHash(db: DbOrTx, tokenHash: string) {
    const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
    return row;
  },
  /** A live invitation by its token's hash, with its workspace and inviter. */
  async liveByToken(db: DbOrTx, tokenHash: string, lock = false) {
    const q = db
      .select({ inv: invitations, workspaceName: workspaces.name, inviterName: users.displayName })
      .from(invitations)
      .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
      .leftJoin(users, eq(users.id, invitations.invitedBy))
      .where(and(eq(invitations.tokenHash, tokenHash), pending, gt(invitations.expiresAt, sql`now()`)));
    const [row] = lock ? await q.for('update', { of: invitations }) : await q;
    return row;
  },
  async userByEmail(db: DbOrTx, email: string) {
    const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
    return row;
  },
  async user(db: DbOrTx, id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  async setSessionWorkspace(db: DbOrTx, tokenHash: string, workspaceId: string) {
    await db.update(sessions).set({ workspaceId }).where(eq(sessions.tokenHash, tokenHash));
  },
  async deleteSessionsIn(db: DbOrTx, userId: string, workspaceId: string): Promise<string[]> {
    const rows = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.workspaceId, workspaceId)))
      .returning({ tokenHash: sessions.tokenHash });
    return rows.map((r) => r.tokenHash);
  },
  async setUser(db: DbOrTx, id: string, patch: Partial<typeof users.$inferInsert>) {
    await db.update(users).set(patch).where(eq(users.id, id));
  },
  /** Locks the workspace row: membership changes of one workspace take turns (the owner stays one). */
  async lockWorkspace(db: DbOrTx, id: string) {
    const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id)).for('update');
    return row;
  },
  async setOwner(db: DbOrTx, workspaceId: string, ownerId: string) {
    await db.update(workspaces).set({ ownerId }).where(eq(workspaces.id, workspaceId));
  },
  async ownsAnother(db: DbOrTx, userId: string, workspaceId: string): Promise<boolean> {
    const rows = await db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(and(eq(workspaces.ownerId, userId), sql`${workspaces.id} <> ${workspaceId}`))
      .limit(1);
    return rows.length > 0;
  },
};
