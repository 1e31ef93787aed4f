import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './accounts.ts';
import { stamps } from './stamps.ts';

/**
 * API keys for integrations. A key works in one workspace with one role (manager,
 * operator or viewer), never above its creator's. Only the SHA-256 of the key is stored; its
 * first characters (`prefix`) are kept so a list can tell keys apart. Revoking sets
 * `revoked_at`: the row stays as a record of what the key was.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** manager | operator | viewer */
    role: text('role').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The key's first characters, e.g. `vgk_AbCd1234`: shown in lists, never enough to use. */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key. */
    keyHash: text('key_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When and from where the key was last used (written at most once a minute). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('api_keys_hash_idx').on(t.keyHash),
    index('api_keys_workspace_idx').on(t.workspaceId, t.createdAt),
    // One live key per name in a workspace, so a list (and an audit line) names one key.
    uniqueIndex('api_keys_live_name_idx').on(t.workspaceId, sql`lower(${t.name})`).where(sql`revoked_at is null`),
  ],
);
