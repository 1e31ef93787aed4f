import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './accounts.ts';
import { deliveries } from './notifications.ts';
import { stamps } from './stamps.ts';

/**
 * The SMS manager: a workspace's provider account and templates, the log of every
 * message (with the provider's status callbacks), and the numbers that answered STOP.
 */

export const smsSettings = pgTable('sms_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull().default('twilio'),
  accountSid: text('account_sid').notNull(),
  /** Sealed by lib/secrets.ts. */
  authToken: text('auth_token').notNull(),
  fromNumber: text('from_number').notNull(),
  /** { default, <event kind>?: override }. */
  templates: jsonb('templates').$type<{ default: string } & Record<string, string | undefined>>().notNull(),
  ratePerMinute: integer('rate_per_minute').notNull().default(30),
  monthlyCap: integer('monthly_cap').notNull().default(500),
  enabled: boolean('enabled').notNull().default(true),
  ...stamps,
});

export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The notification delivery it carries; null for a test. */
    deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    body: text('body').notNull(),
    /** The provider's id (Twilio's MessageSid): status callbacks find the message by it. */
    providerSid: text('provider_sid'),
    status: text('status').notNull().default('queued'),
    errorCode: text('error_code'),
    error: text('error'),
    segments: integer('segments').notNull(),
    encoding: text('encoding').notNull(),
    test: boolean('test').notNull().default(false),
    ...stamps,
  },
  (t) => [
    index('sms_messages_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index('sms_messages_provider_sid_idx').on(t.providerSid),
  ],
);

export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.phone] })],
);
