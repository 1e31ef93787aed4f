import { type DbOrTx, type Tx, schema } from '@vigil/db';
import { type SQL, and, desc, eq, gt, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { GENESIS_HASH, type HashedFields, entryHash } from './audit-hash.ts';

const { auditLog, users } = schema;

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<HashedFields, 'seq' | 'at'>;

/** Which chains a reader may see: one workspace's, or (administrators) the installation's, all of them. */
export type AuditScope = { workspaceId: string } | 'installation';

export interface AuditListFilters {
  /** A person's id (exact) or part of their email or name. */
  person?: string;
  /** An action or a dotted prefix of one. */
  action?: string;
  from?: Date;
  to?: Date;
}

/** A row as Verify reads it: every hashed field as text, no Date or JSON decoding it does not need. */
export interface VerifyRow {
  id: string;
  chain: string;
  seq: number;
  at: string;
  workspaceId: string | null;
  actorId: string | null;
  actorKind: string;
  apiKeyId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  details: string;
  prevHash: string;
  hash: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** LIKE's own characters are literal in a search. */
const likeLiteral = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(scope: AuditScope, f: AuditListFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (scope !== 'installation') parts.push(eq(auditLog.workspaceId, scope.workspaceId));
  if (f.person) {
    if (UUID.test(f.person)) parts.push(eq(auditLog.actorId, f.person));
    else {
      const like = likeLiteral(f.person);
      const people = sql`(select ${users.id} from ${users} where ${or(ilike(users.email, like), ilike(users.displayName, like))})`;
      parts.push(inArray(auditLog.actorId, people));
    }
  }
  if (f.action) parts.push(or(eq(auditLog.action, f.action), sql`${auditLog.action} like ${`${f.action}.%`}`));
  if (f.from) parts.push(gte(auditLog.at, f.from));
  if (f.to) parts.push(lt(auditLog.at, f.to));
  return and(...parts);
}

export const auditRepo = {
  /**
   * Appends one entry to its chain inside the caller's transaction. The chain's advisory lock
   * (held until that transaction ends) makes concurrent appends take turns, so each links to
   * the head the previous one committed; `at` is read under the lock, so it never goes back.
   */
  async append(tx: Tx, entry: NewAuditEntry): Promise<AuditRow> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`vigil:audit:${entry.chain}`}, 0))`);
    const [head] = await tx
      .select({ seq: auditLog.seq, hash: auditLog.hash })
      .from(auditLog)
      .where(eq(auditLog.chain, entry.chain))
      .orderBy(desc(auditLog.seq))
      .limit(1);
    const at = new Date();
    const fields: HashedFields = { ...entry, seq: (head?.seq ?? 0) + 1, at: at.toISOString() };
    const prevHash = head?.hash ?? GENESIS_HASH;
    const [row] = await tx
      .insert(auditLog)
      .values({
        ...entry,
        details: entry.details as Record<string, unknown>,
        seq: fields.seq,
        at,
        prevHash,
        hash: entryHash(fields, prevHash),
      })
      .returning();
    return row!;
  },

  /** A page, newest first, with the person as they are named now. */
  async list(db: DbOrTx, scope: AuditScope, f: AuditListFilters, limit: number, afterId?: number) {
    const rows = await db
      .select({ entry: auditLog, actorEmail: users.email, actorName: users.displayName })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(whereOf(scope, f), afterId !== undefined ? lt(auditLog.id, afterId) : undefined))
      .orderBy(desc(auditLog.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    return { rows: page, next: rows.length > limit ? (page.at(-1)?.entry.id ?? null) : null };
  },

  /**
   * The next `limit` entries after (chain, seq) in chain order, for Verify. Timestamps come as
   * the exact text toISOString gives (UTC, milliseconds) and details as jsonb text: a million
   * rows decode in a fraction of the time Date and JSON parsing of whole rows would take.
   */
  async verifyBatch(
    db: DbOrTx,
    scope: AuditScope,
    after: { chain: string; seq: number } | null,
    limit: number,
  ): Promise<VerifyRow[]> {
    const chainOf = scope === 'installation' ? undefined : eq(auditLog.chain, scope.workspaceId);
    const next = after
      ? scope === 'installation'
        ? sql`(${auditLog.chain}, ${auditLog.seq}) > (${after.chain}, ${after.seq})`
        : gt(auditLog.seq, after.seq)
      : undefined;
    return db
      .select({
        id: sql<string>`${auditLog.id}::text`,
        chain: auditLog.chain,
        seq: auditLog.seq,
        at: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        workspaceId: auditLog.workspaceId,
        actorId: auditLog.actorId,
        actorKind: auditLog.actorKind,
        apiKeyId: auditLog.apiKeyId,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        ip: auditLog.ip,
        details: sql<string>`${auditLog.details}::text`,
        prevHash: auditLog.prevHash,
        hash: auditLog.hash,
      })
      .from(auditLog)
      .where(and(chainOf, next))
      .orderBy(auditLog.chain, auditLog.seq)
      .limit(limit);
  },
};
