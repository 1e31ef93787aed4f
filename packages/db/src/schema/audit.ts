import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The audit log: who did what, when, from where. One hash chain per workspace, plus
 * one installation chain (`chain = 'installation'`) for entries that belong to no workspace (a
 * failed sign-in for an unknown email). Each entry's `hash` is an HMAC-SHA256, keyed from a secret the
 * database never holds, over its own fields and `prev_hash` (modules/audit/audit-hash.ts), so an
 * edited or removed row breaks the chain and cannot be re-hashed from inside the database.
 *
 * Append-only: a trigger refuses UPDATE and DELETE (custom SQL of the migration). For the same
 * reason nothing here references another table: a deleted workspace or person must not cascade
 * into the log, and the log must not block their deletion. An entry never changes, so it has
 * only `at` rather than the created/updated stamps other rows carry.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The workspace's id as text, or 'installation'. */
    chain: text('chain').notNull(),
    /** 1, 2, 3… within the chain: a gap is a removed entry. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    workspaceId: uuid('workspace_id'),
    actorId: uuid('actor_id'),
    /** user | api-key | system */
    actorKind: text('actor_kind').notNull(),
    apiKeyId: uuid('api_key_id'),
    /** Dotted: camera.created, recording.protected, sign-in.failed… */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /**
     * How `hash` was made: 1 = unkeyed SHA-256 (entries written before the chain was keyed), 2 =
     * HMAC-SHA256 with the chain key. Within a chain it never goes down.
     */
    hashVersion: smallint('hash_version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('audit_log_chain_seq_idx').on(t.chain, t.seq),
    index('audit_log_workspace_idx').on(t.workspaceId, t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.id.desc()),
  ],
);
