/**
 * The hash chain's format lives in PostgreSQL: `audit_entry_hash(...)` (migration 0018, custom
 * SQL) is SHA-256 of "v1", the previous entry's hash, the entry's fields (comma-joined in a fixed
 * order, text quoted, the time in epoch milliseconds) and its details as jsonb text, one line
 * each. The append computes it as it inserts; Verify recomputes it where the rows are, so a
 * million entries never cross the network to be checked.
 */

/** The first entry of a chain links to this. */
export const GENESIS_HASH = '0'.repeat(64);

/** The hashed columns, in the function's argument order (after the previous hash). */
export const HASHED_COLUMNS = [
  'chain',
  'seq',
  'at',
  'workspace_id',
  'actor_id',
  'actor_kind',
  'api_key_id',
  'action',
  'target_type',
  'target_id',
  'ip',
  'details',
] as const;
