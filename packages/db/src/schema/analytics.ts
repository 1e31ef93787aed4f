import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './accounts.ts';
import { stamps } from './stamps.ts';

/**
 * Analytics (docs/decisions/0010-analytics-rollup.md): events counted ahead, so a
 * year of figures reads thousands of rows, not millions of events. Three grains, kept by triggers
 * on `events` in the transaction that inserts or deletes the events (the migration's custom SQL),
 * so they are never behind and every writer is counted. Events of no camera (storage.pruned) are
 * not counted: analytics is about cameras.
 *
 * A quarter of an hour (UTC) is the finest grain: every time zone's hours start on one (India
 * +5:30, Nepal +5:45), so a bucket never straddles a local hour and local days and hours are exact
 * sums. Buckets start at date_bin('15 minutes', start_at, '2000-01-01 00:00Z').
 *
 * No foreign key to cameras: a deleted camera's events go by cascade and the delete trigger takes
 * their counts with them (a key would cost a lookup per new row and an index for the cascade).
 */

/** Per camera, kind and quarter hour: figures narrowed to some cameras, and a period's ragged days. */
export const eventCounts = pgTable(
  'event_counts',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    cameraId: uuid('camera_id').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    n: integer('n').notNull(),
    ...stamps,
  },
  // Camera first: a site's or a member's cameras are one range each.
  (t) => [primaryKey({ columns: [t.workspaceId, t.cameraId, t.bucket, t.kind] })],
);

/** Per camera, kind and UTC day: events per camera or per site over long periods. */
export const eventCountsDaily = pgTable(
  'event_counts_daily',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    cameraId: uuid('camera_id').notNull(),
    kind: text('kind').notNull(),
    n: integer('n').notNull(),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.cameraId, t.kind] })],
);

/** Per workspace, kind and quarter hour (every camera): the whole workspace by day, hour, weekday. */
export const eventCountsWorkspace = pgTable(
  'event_counts_workspace',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    n: integer('n').notNull(),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.bucket, t.kind] })],
);
