import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stamps } from './stamps.ts';
import { users, workspaces } from './accounts.ts';
import { events } from './events.ts';
import { tasks } from './tasks.ts';

/**
 * Notifications: the rules that pick people, the devices and integrations that receive,
 * and `deliveries`, one row per event and destination: the record that makes "never twice" a
 * unique key rather than a hope.
 */

export const notificationRules = pgTable(
  'notification_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    kinds: text('kinds').array().notNull().default(sql`'{}'::text[]`),
    severities: text('severities').array().notNull(),
    cameraIds: uuid('camera_ids').array().notNull().default(sql`'{}'::uuid[]`),
    onlyWhenArmed: boolean('only_when_armed').notNull().default(false),
    recipientUserIds: uuid('recipient_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    recipientRoles: text('recipient_roles').array().notNull().default(sql`'{}'::text[]`),
    channels: text('channels').array().notNull(),
    cooldownSeconds: integer('cooldown_seconds').notNull().default(300),
    ...stamps,
  },
  (t) => [index('notification_rules_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/** When a rule last notified for a camera and kind ('' = a workspace-wide event). */
export const notificationCooldowns = pgTable(
  'notification_cooldowns',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => notificationRules.id, { onDelete: 'cascade' }),
    cameraKey: text('camera_key').notNull(),
    kind: text('kind').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.cameraKey, t.kind] })],
);

/** Spec §3 deviceTokens: for web push the token is the subscription endpoint, with its keys. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    token: text('token').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull().default('web'),
    keys: jsonb('keys').$type<{ p256dh: string; auth: string }>(),
    active: boolean('active').notNull().default(true),
    lastUsed: timestamp('last_used', { withTimezone: true }),
    userAgent: text('user_agent'),
    ...stamps,
  },
  (t) => [index('device_tokens_user_idx').on(t.userId)],
);

export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Sealed by lib/secrets.ts. */
    secret: text('secret').notNull(),
    kinds: text('kinds').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    ...stamps,
  },
  (t) => [index('webhooks_workspace_idx').on(t.workspaceId)],
);

/** A workspace's integrations other than webhooks: the MQTT broker (URL sealed: it may hold a password). */
export const notificationSettings = pgTable('notification_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  mqttUrl: text('mqtt_url'),
  /** Whether Home Assistant discovery documents are published for the workspace's cameras. */
  mqttDiscovery: boolean('mqtt_discovery').notNull().default(true),
  ...stamps,
});

/**
 * One delivery per event and destination (`dedupe_key` unique). `target` is what the channel sends
 * to (a device token, a user id, a phone number, a webhook id); `destination` is its masked form
 * for the log.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** A task's assignment notice instead of an event's alert; null once the task is deleted. */
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    destination: text('destination').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('deliveries_dedupe_unique').on(t.dedupeKey),
    index('deliveries_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index('deliveries_workspace_channel_created_idx').on(t.workspaceId, t.channel, t.createdAt.desc(), t.id.desc()),
    index('deliveries_task_idx').on(t.taskId),
    index('deliveries_digest_idx').on(t.userId).where(sql`status = 'digest'`),
  ],
);

export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    code: integer('code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('delivery_attempts_delivery_idx').on(t.deliveryId, t.at)],
);
