import { createHash } from 'node:crypto';

/** The first entry of a chain links to this. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields an entry's hash covers: all of them but its id and its own hash. */
export interface HashedFields {
  chain: string;
  seq: number;
  /** ISO 8601 with milliseconds, UTC (Date#toISOString). */
  at: string;
  workspaceId: string | null;
  actorId: string | null;
  actorKind: string;
  apiKeyId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  details: unknown;
}

/**
 * JSON with object keys sorted at every depth and undefined members left out: the same value
 * always gives the same text, whatever order its keys were written in and however PostgreSQL's
 * jsonb stored them.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const keys = Object.keys(value as Record<string, unknown>).sort();
  const parts: string[] = [];
  for (const k of keys) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) parts.push(`${JSON.stringify(k)}:${canonicalJson(v)}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * SHA-256 (hex) of "v1", the previous entry's hash and the entry's fields as a JSON array in a
 * fixed order. Changing any field, or the link, changes the hash; "v1" leaves room for a format
 * that a later version may need without making older entries unverifiable.
 */
export function entryHash(f: HashedFields, prevHash: string): string {
  const text = `v1\n${prevHash}\n${JSON.stringify([
    f.chain,
    f.seq,
    f.at,
    f.workspaceId,
    f.actorId,
    f.actorKind,
    f.apiKeyId,
    f.action,
    f.targetType,
    f.targetId,
    f.ip,
  ])}\n${canonicalJson(f.details)}`;
  return createHash('sha256').update(text).digest('hex');
}
