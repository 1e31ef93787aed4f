import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users, workspaces } from './accounts.ts';
import { sites } from './cameras.ts';
import { stamps } from './stamps.ts';

/**
 * Reports: a PDF or CSV of uptime, events, storage or alerts over a period, rendered
 * by the `report-render` job into the workspace's storage; schedules that make one each week or
 * month and mail it to members, one delivery row per recipient (sent at most once).
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** uptime | events | storage | alerts */
    kind: text('kind').notNull(),
    /** pdf | csv */
    format: text('format').notNull(),
    /** weekly | monthly */
    frequency: text('frequency').notNull(),
    /** One site's cameras; null = every camera of the workspace. A deleted site takes its schedules. */
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    /** Members (checked when set; a recipient no longer a member is skipped at sending). */
    recipientIds: uuid('recipient_ids').array().notNull(),
    /** The language its reports and mails are written in (its author's when saved). */
    language: text('language').notNull().default('en'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The start of the last period a report was made for: the claim that makes each period once. */
    lastPeriodStart: timestamp('last_period_start', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    check('report_schedules_frequency_check', sql`${t.frequency} in ('weekly', 'monthly')`),
    index('report_schedules_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    format: text('format').notNull(),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'set null' }),
    /** The cameras it covers, fixed when asked for (a retry renders the same report). */
    cameraIds: uuid('camera_ids').array().notNull(),
    /** The zone its dates are written in and its language. */
    timeZone: text('time_zone').notNull(),
    language: text('language').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    scheduleId: uuid('schedule_id').references((): AnyPgColumn => reportSchedules.id, { onDelete: 'set null' }),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }),
    /** Storage key of the file. */
    path: text('path'),
    error: text('error'),
    ...stamps,
  },
  (t) => [
    check('reports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    index('reports_workspace_created_idx').on(t.workspaceId, t.createdAt),
    // A schedule's period is reported once, whatever runs the hourly job.
    uniqueIndex('reports_schedule_period_idx').on(t.scheduleId, t.fromAt).where(sql`schedule_id is not null`),
  ],
);

/** One mail of a scheduled report to one recipient: moved pending → sending → sent, never sent twice. */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending | sending | retrying | sent | outbox (kept, no SMTP) | failed | skipped | interrupted */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [uniqueIndex('report_deliveries_report_user_idx').on(t.reportId, t.userId)],
);
