import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './accounts.ts';
import { stamps } from './stamps.ts';

/**
 * Who belongs to which workspace, and as what. A person may belong to many
 * workspaces; every access check uses the membership of the session's workspace. The owner's
 * own row says `owner`; `camera_ids` null means every camera, otherwise only those.
 */
export const memberships = pgTable(
  'memberships',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner | manager | operator | viewer */
    role: text('role').notNull(),
    cameraIds: uuid('camera_ids').array(),
    /**
     * Sites the member may see; null = no site limit. When set, the member reaches the
     * cameras of these sites plus `camera_ids` (lib/camera-scope.ts memberScopeSql).
     */
    siteIds: uuid('site_ids').array(),
    invitedBy: uuid('invited_by'),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

/** Invitations by email; only the SHA-256 of the link's token is stored. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('invitations_token_idx').on(t.tokenHash),
    // One pending invitation per address and workspace: a second invite is a resend.
    uniqueIndex('invitations_pending_idx')
      .on(t.workspaceId, sql`lower(${t.email})`)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);
