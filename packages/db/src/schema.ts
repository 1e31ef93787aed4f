import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Preferences } from '@vigil/shared';

/** createdAt/updatedAt on every row (spec §3: generic documents receive both stamps). */
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  // No FK: the owner row is written in the same transaction, after the workspace.
  ownerId: uuid('owner_id').notNull(),
  ...stamps,
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    photoPath: text('photo_path'),
    role: text('role').notNull().default('user'),
    plan: text('plan').notNull().default('basic'),
    planStatus: text('plan_status').notNull().default('trial'),
    trialStartDate: timestamp('trial_start_date', { withTimezone: true }).notNull(),
    trialEndDate: timestamp('trial_end_date', { withTimezone: true }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    preferences: jsonb('preferences').$type<Preferences>().notNull(),
    limits: jsonb('limits')
      .$type<{ maxCameras: number; maxRecordings: number; maxStorage: number; aiAnalysisQuota: number }>()
      .notNull(),
    usage: jsonb('usage')
      .$type<{ camerasCount: number; recordingsCount: number; storageUsed: number; aiAnalysisUsed: number }>()
      .notNull(),
    aiAccess: boolean('ai_access').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    ...stamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_workspace_idx').on(t.workspaceId),
  ],
);

/** Kept apart from users so a password hash is never selected with the document. */
export const credentials = pgTable('credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  ...stamps,
});

/** Server-side sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ...stamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  ...stamps,
});

/** Failed-login counters per key (an email or an address), shared by every server process. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  ...stamps,
});

/** Every email Vigil sends; on the embedded default this is the only transport. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    transport: text('transport').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
