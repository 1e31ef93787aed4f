import { type DbOrTx, schema } from '@vigil/db';
import { and, desc, eq, sql } from 'drizzle-orm';

const { signInAttempts } = schema;

export type SignInAttemptRow = typeof signInAttempts.$inferSelect;
export type NewSignInAttempt = typeof signInAttempts.$inferInsert;
export interface SignInCursor {
  createdAt: string;
  id: string;
}

export const signInsRepo = {
  /** One insert per attempt: the sign-in path pays nothing more. */
  async record(db: DbOrTx, row: NewSignInAttempt): Promise<void> {
    await db.insert(signInAttempts).values(row);
  },

  /** A person's attempts, newest first, keyset-paged on (created_at, id). */
  async list(db: DbOrTx, userId: string, limit: number, after?: SignInCursor) {
    const parts = [eq(signInAttempts.userId, userId)];
    if (after)
      parts.push(
        sql`(${signInAttempts.createdAt}, ${signInAttempts.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
      );
    const rows = await db
      .select({ a: signInAttempts, sortText: sql<string>`${signInAttempts.createdAt}::text` })
      .from(signInAttempts)
      .where(and(...parts))
      .orderBy(desc(signInAttempts.createdAt), desc(signInAttempts.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      rows: page.map((r) => r.a),
      next: rows.length > limit && last ? { createdAt: last.sortText, id: last.a.id } : null,
    };
  },
};
