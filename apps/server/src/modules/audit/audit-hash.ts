import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The hash chain's format lives in PostgreSQL (custom SQL of the migrations), so Verify recomputes
 * it where the rows are and a million entries never cross the network to be checked:
 * - version 1, `audit_entry_hash(...)`: SHA-256 of "v1", the previous entry's hash, the entry's
 *   fields (comma-joined in a fixed order, text quoted, the time in epoch milliseconds) and its
 *   details as jsonb text, one line each. Unkeyed: entries written before the chain was keyed.
 * - version 2, `audit_entry_hmac(ipad, opad, ...)`: HMAC-SHA256 of the same lines behind "v2",
 *   keyed with the chain key. The key lives in this process only (derived from AUTH_SECRET); each
 *   statement hands PostgreSQL the HMAC's two pads as parameters, and nothing stores them.
 */

/** The first entry of a chain links to this. */
export const GENESIS_HASH = '0'.repeat(64);

/** What new entries are written with. */
export const KEYED_VERSION = 2;

/** The hashed columns, in the functions' argument order (after the previous hash). */
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

/** The chain key's HMAC pads (RFC 2104) and the checkpoints' signing key. */
export interface AuditKeys {
  ipad: Buffer;
  opad: Buffer;
  checkpoint: Buffer;
}

const BLOCK = 64;

function pad(key: Buffer, byte: number): Buffer {
  const out = Buffer.alloc(BLOCK, byte);
  for (let i = 0; i < key.length; i++) out[i] = key[i]! ^ byte;
  return out;
}

/**
 * Two dedicated keys from AUTH_SECRET, one per use (so neither can stand in for the other, nor for
 * the secret's other uses: sessions, signed URLs, the secret box).
 */
export function deriveAuditKeys(authSecret: string): AuditKeys {
  const chain = createHmac('sha256', authSecret).update('vigil-audit-chain-v1').digest();
  return {
    ipad: pad(chain, 0x36),
    opad: pad(chain, 0x5c),
    checkpoint: createHmac('sha256', authSecret).update('vigil-audit-checkpoint-v1').digest(),
  };
}

let keys: AuditKeys | undefined;

/** Every process that writes or verifies the log calls this once with its config's AUTH_SECRET. */
export function keyAuditChain(authSecret: string): void {
  keys = deriveAuditKeys(authSecret);
}

/** The process's keys; an unkeyed process must not write an entry anyone could forge. */
export function auditKeys(): AuditKeys {
  if (!keys) throw new Error('The audit chain is not keyed in this process (keyAuditChain was not called).');
  return keys;
}

export function signCheckpoint(k: AuditKeys, body: string): string {
  return createHmac('sha256', k.checkpoint).update(body).digest('hex');
}

export function checkpointSigned(k: AuditKeys, body: string, mac: string): boolean {
  const want = Buffer.from(signCheckpoint(k, body), 'hex');
  const got = Buffer.from(mac, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}
