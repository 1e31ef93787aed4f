import { type DbOrTx, schema } from '@vigil/db';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';

const { sessions, workspaces, memberships } = schema;

/** A person's own sessions, for the security dashboard (the auth module resolves them per request). */
export const sessionsRepo = {
  /** Live sessions: unexpired, in a workspace the person still belongs to. */
  async live(db: DbOrTx, userId: string) {
    return db
      .select({
        tokenHash: sessions.tokenHash,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        workspaceId: workspaces.id,
        workspaceName: workspaces.name,
      })
      .from(sessions)
      .innerJoin(workspaces, eq(workspaces.id, sessions.workspaceId))
      .innerJoin(
        memberships,
        and(eq(memberships.workspaceId, sessions.workspaceId), eq(memberships.userId, sessions.userId)),
      )
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(asc(sessions.createdAt));
  },

  async delete(db: DbOrTx, userId: string, tokenHash: string): Promise<boolean> {
    const rows = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, tokenHash)))
      .returning({ tokenHash: sessions.tokenHash });
    return rows.length > 0;
  },

  async deleteOthers(db: DbOrTx, userId: string, keepTokenHash: string): Promise<number> {
    const rows = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)))
      .returning({ tokenHash: sessions.tokenHash });
    return rows.length;
  },
};
