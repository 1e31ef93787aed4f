import { type DbOrTx, type Tx, schema } from '@vigil/db';
import { type SQL, and, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { type AuditKeys, GENESIS_HASH, HASHED_COLUMNS, KEYED_VERSION } from './audit-hash.ts';

const { auditLog, users } = schema;

export type AuditRow = typeof auditLog.$inferSelect;
/** What an append says; the chain's place (seq, prev_hash), the time and the hash are the database's. */
export type NewAuditEntry = Pick<
  typeof auditLog.$inferInsert,
  'chain' | 'workspaceId' | 'actorId' | 'actorKind' | 'apiKeyId' | 'action' | 'targetType' | 'targetId' | 'ip'
> & { details: Record<string, unknown> };

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

/** Where a Verify pass stands: the last entry it checked. */
export interface VerifyCursor {
  id: string;
  chain: string;
  seq: number;
  at: string;
  hash: string;
  version: number;
}

/** A chain's last entry. */
export interface ChainHead {
  chain: string;
  id: string;
  seq: number;
  at: string;
  hash: string;
}

export interface VerifyBatch {
  /** Entries checked in this batch (up to and including the break, when there is one), and chains begun in it. */
  checked: number;
  newChains: number;
  last: VerifyCursor | null;
  /** The first entry (chain order) where a chain breaks, and why. */
  broken: {
    id: string;
    chain: string;
    seq: number;
    at: string;
    reason: 'hash-mismatch' | 'link-mismatch' | 'missing-entries';
  } | null;
}

const columns = HASHED_COLUMNS.join(', ');
/** The keyed hash of a row's fields, the key's pads as parameters (see audit-hash.ts). */
const keyed = (k: AuditKeys) =>
  sql`audit_entry_hmac(${k.ipad}::bytea, ${k.opad}::bytea, prev_hash, ${sql.raw(columns)})`;
/** A stored row's hash as its version makes it; null for a version that does not exist. */
const recomputed = (k: AuditKeys) => sql`case hash_version
  when ${sql.raw(String(KEYED_VERSION))} then ${keyed(k)}
  when 1 then audit_entry_hash(prev_hash, ${sql.raw(columns)}) end`;
const isoText = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

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
   * (held until that transaction ends) makes concurrent appends take turns, so each links to the
   * head the previous one committed: the insert is a new statement, read after the lock is held.
   * The time is the database's clock (one clock for every process), in milliseconds.
   */
  async append(tx: Tx, keys: AuditKeys, e: NewAuditEntry): Promise<AuditRow> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`vigil:audit:${e.chain}`}, 0))`);
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into audit_log (chain, seq, at, workspace_id, actor_id, actor_kind, api_key_id, action, target_type,
                             target_id, ip, details, prev_hash, hash, hash_version)
      select chain, seq, at, workspace_id, actor_id, actor_kind, api_key_id, action, target_type, target_id, ip,
             details, prev_hash, ${keyed(keys)}, ${KEYED_VERSION}::smallint
      from (select ${e.chain}::text as chain,
                   coalesce(h.seq, 0) + 1 as seq,
                   date_trunc('milliseconds', clock_timestamp()) as at,
                   ${e.workspaceId ?? null}::uuid as workspace_id,
                   ${e.actorId ?? null}::uuid as actor_id,
                   ${e.actorKind}::text as actor_kind,
                   ${e.apiKeyId ?? null}::uuid as api_key_id,
                   ${e.action}::text as action,
                   ${e.targetType ?? null}::text as target_type,
                   ${e.targetId ?? null}::text as target_id,
                   ${e.ip ?? null}::text as ip,
                   ${JSON.stringify(e.details)}::jsonb as details,
                   coalesce(h.hash, ${GENESIS_HASH}) as prev_hash
            from (select 1) one
            left join lateral (select seq, hash from audit_log where chain = ${e.chain}
                               order by seq desc limit 1) h on true) v
      returning id`);
    const [row] = await tx
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, Number(rows[0]!.id)));
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
   * Checks the next `limit` entries after `after` in chain order, where they are: each entry's
   * hash recomputed, its seq following its predecessor's, its prev_hash equal to its
   * predecessor's hash (the predecessor may be the previous batch's last entry, `after`). Only
   * the count, the last entry and the first break leave PostgreSQL.
   */
  async verifyBatch(
    db: DbOrTx,
    keys: AuditKeys,
    scope: AuditScope,
    after: VerifyCursor | null,
    limit: number,
  ): Promise<VerifyBatch> {
    const inScope = scope === 'installation' ? sql`true` : sql`chain = ${scope.workspaceId}`;
    const next = after ? sql`(chain, seq) > (${after.chain}::text, ${after.seq}::bigint)` : sql`true`;
    const c = after ?? { id: null, chain: null, seq: null, at: null, hash: null, version: null };
    // In one chain its name is constant: ordering by seq alone keeps the index scan's order (no sort).
    const order = sql.raw(scope === 'installation' ? 'chain, seq' : 'seq');
    // One pass: the hashes recomputed in the index scan (narrow rows out of it), one window in
    // the scan's own order for each entry's predecessor, one aggregate for the answer.
    const { rows } = await db.execute<Record<string, string | number | null>>(sql`
      with w as (
        select id, chain, seq, at, prev_hash, hash, hash_version, edited,
               row_number() over p as rn,
               lead(seq) over p is null as is_last,
               lag(chain) over p is not distinct from chain as same,
               lag(id) over p as l_id, lag(seq) over p as l_seq, lag(at) over p as l_at, lag(hash) over p as l_hash,
               lag(hash_version) over p as l_version
        from (select id, chain, seq, at, prev_hash, hash, hash_version,
                     hash is distinct from ${recomputed(keys)} as edited
              from audit_log where ${inScope} and ${next} order by chain, seq limit ${limit}) b
        window p as (order by ${order})
      ), x as (
        select *,
               not same and chain is distinct from ${c.chain}::text as starts_chain,
               case when same then l_id when chain = ${c.chain}::text then ${c.id}::bigint end as p_id,
               case when same then l_seq when chain = ${c.chain}::text then ${c.seq}::bigint else 0 end as p_seq,
               case when same then l_at when chain = ${c.chain}::text then ${c.at}::timestamptz end as p_at,
               case when same then l_hash when chain = ${c.chain}::text then ${c.hash}::text
                    else ${GENESIS_HASH} end as p_hash,
               case when same then l_version when chain = ${c.chain}::text then ${c.version}::smallint
                    else 1 end as p_version
        from w
      ), y as (
        -- Once a chain is keyed it stays keyed: an unkeyed entry after a keyed one was re-hashed
        -- by someone without the key.
        select *, case when seq <> p_seq + 1 then 'missing-entries'
                       when edited or hash_version < p_version then 'hash-mismatch'
                       when prev_hash <> p_hash then 'link-mismatch' end as reason
        from x
      ), z as (
        -- A rewritten entry (its own hash consistent) shows in its successor's link: blame it.
        select *, reason = 'link-mismatch' and p_id is not null as blame_previous from y
      )
      select count(*)::int as checked,
             count(*) filter (where starts_chain)::int as new_chains,
             max(id::text) filter (where is_last) as last_id,
             max(chain) filter (where is_last) as last_chain,
             max(seq) filter (where is_last) as last_seq,
             max(${isoText('at')}) filter (where is_last) as last_at,
             max(hash) filter (where is_last) as last_hash,
             max(hash_version) filter (where is_last) as last_version,
             -- The first break: the smallest array, its position first (zero-padded to sort as text).
             min(array[lpad(rn::text, 12, '0'), reason,
                       case when blame_previous then p_id else id end::text, chain,
                       case when blame_previous then p_seq else seq end::text,
                       ${isoText('case when blame_previous then p_at else at end')}])
               filter (where reason is not null) as broken
      from z`);
    const r = rows[0]!;
    const broken = r.broken as unknown as string[] | null;
    return {
      checked: broken ? Number(broken[0]) : Number(r.checked),
      newChains: Number(r.new_chains),
      last: r.last_id
        ? {
            id: String(r.last_id),
            chain: String(r.last_chain),
            seq: Number(r.last_seq),
            at: String(r.last_at),
            hash: String(r.last_hash),
            version: Number(r.last_version),
          }
        : null,
      broken: broken
        ? {
            reason: broken[1] as NonNullable<VerifyBatch['broken']>['reason'],
            id: broken[2]!,
            chain: broken[3]!,
            seq: Number(broken[4]),
            at: broken[5]!,
          }
        : null,
    };
  },

  /**
   * Each chain's last entry (what a checkpoint records): a loose index scan of (chain, seq), one
   * probe per chain, so a million entries in a thousand chains cost a thousand index lookups.
   */
  async heads(db: DbOrTx): Promise<ChainHead[]> {
    const { rows } = await db.execute<{ chain: string; id: string; seq: string; at: string; hash: string }>(sql`
      with recursive c(chain) as (
        (select chain from audit_log order by chain limit 1)
        union all
        select (select a.chain from audit_log a where a.chain > c.chain order by a.chain limit 1)
        from c where c.chain is not null
      )
      select c.chain, h.id::text as id, h.seq, ${isoText('h.at')} as at, h.hash
      from c cross join lateral (select id, seq, at, hash from audit_log a where a.chain = c.chain
                                 order by a.seq desc limit 1) h
      where c.chain is not null`);
    return rows.map((r) => ({ chain: r.chain, id: r.id, seq: Number(r.seq), at: r.at, hash: r.hash }));
  },

  /**
   * What stands where checkpoints point: per chain, its last seq now and the entry at the
   * checkpoint's seq (null when there is none).
   */
  async atCheckpoints(
    db: DbOrTx,
    points: readonly { chain: string; seq: number }[],
  ): Promise<{ chain: string; lastSeq: number | null; id: string | null; at: string | null; hash: string | null }[]> {
    if (points.length === 0) return [];
    const { rows } = await db.execute<Record<string, string | null>>(sql`
      select p.chain, (select max(seq) from audit_log a where a.chain = p.chain) as last_seq,
             e.id::text as id, ${isoText('e.at')} as at, e.hash
      from jsonb_to_recordset(${JSON.stringify(points)}::jsonb) as p(chain text, seq bigint)
      left join audit_log e on e.chain = p.chain and e.seq = p.seq`);
    return rows.map((r) => ({
      chain: String(r.chain),
      lastSeq: r.last_seq === null ? null : Number(r.last_seq),
      id: r.id ?? null,
      at: r.at ?? null,
      hash: r.hash ?? null,
    }));
  },
};
