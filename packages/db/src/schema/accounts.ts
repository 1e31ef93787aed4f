import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Preferences } from '@vigil/shared';
import { stamps } from './stamps.ts';

/** Accounts: workspaces, users and their credentials and sessions, throttles, settings, mail, uploaded files. */

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  // No FK: the owner row is written in the same transaction, after the workspace.
  ownerId: uuid('owner_id').notNull(),
  /** IANA zone that schedules are read in. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** Whether viewers may export footage (on unless the owner says otherwise). */
  viewersMayExport: boolean('viewers_may_export').notNull().default(true),
  /** Whether a new camera's motion events (and so its motion alerts) start on (a test pattern's start off). */
  newCameraMotionAlerts: boolean('new_camera_motion_alerts').notNull().default(true),
  /** Whether every member must have two-factor authentication on to use the workspace. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
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
    /**
     * The billing period usage.aiAnalysisUsed counts in: on the owner's document, beside
     * the counter, so one conditional UPDATE resets, checks and counts.
     */
    aiUsagePeriod: timestamp('ai_usage_period', { withTimezone: true }),
    /** The plan's `vms` flag, copied like the limits. */
    vmsAccess: boolean('vms_access').notNull().default(false),
    /**
     * The rest of the workspace's billing state (subscriptions), mirrored so the document's
     * planStatus is derived at every read without another query; null while on trial.
     */
    billingState: jsonb('billing_state').$type<{
      periodEnd: string | null;
      pastDueSince: string | null;
      cancelAtPeriodEnd: boolean;
      graceDays: number;
    }>(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The workspace this person's new sessions open in; null = their own. */
    lastWorkspaceId: uuid('last_workspace_id'),
    /** When this person put the dashboard's getting-started checklist away; null = it shows. */
    gettingStartedDismissedAt: timestamp('getting_started_dismissed_at', { withTimezone: true }),
    /** The person's own workspace (the one sign-up made); the session says which one they are in. */
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
    /** The workspace this session works in: the workspace switcher changes it. */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The client's address at sign-in, and when the session was last used (at most once a minute). */
    ip: text('ip'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ...stamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_workspace_idx').on(t.workspaceId, t.userId)],
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

/**
 * Attempt counters per key (an account, a device, an address; sign-in, sign-up, reset), shared by
 * every server process: `failures` counts within the window, and `blocked_until` holds the growing
 * delay a key waits after too many (see auth/throttle.ts).
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  ...stamps,
});

/** Installation-wide settings an administrator changes at run time (Admin › Settings), one row per key. */
export const installationSettings = pgTable('installation_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
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
    /** The HTML body of a rich mail (notifications, digests); null for plain-text mail. */
    html: text('html'),
    transport: text('transport').notNull(),
    /**
     * queued → sending → sent, or failed (refused for good) or interrupted (the worker stopped
     * mid-send: whether it arrived is unknown, so it is not sent again on its own). The send job
     * moves a row to sending before it talks to the SMTP server: that is what keeps it from going twice.
     */
    status: text('status').notNull().default('queued'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/* ── Video ───────────────────────────────────────────────────────────────────────────── */

/**
 * Files a workspace uploaded through the spec §7 storage calls: what they weigh (usage.storageUsed
 * counts them against limits.maxStorage) and their content type, kept here rather than beside the
 * bytes so a reader never pairs one upload's body with another's type.
 */
export const workspaceFiles = pgTable(
  'workspace_files',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    uploadedBy: uuid('uploaded_by'),
    ...stamps,
  },
  (t) => [uniqueIndex('workspace_files_path_idx').on(t.workspaceId, t.path)],
);
