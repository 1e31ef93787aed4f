import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stamps } from './stamps.ts';
import { workspaces } from './accounts.ts';
import { cameras } from './cameras.ts';

/** Events and what each person has read of the alerts among them. */

/**
 * Something that happened: motion, a camera going offline or back, a gap in recording,
 * footage pruned by the plan. Listed newest first by (start_at, id), keyset paged.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Null for workspace-wide events (storage.pruned). */
    cameraId: uuid('camera_id').references(() => cameras.id, { onDelete: 'cascade' }),
    /** EVENT_KINDS */
    kind: text('kind').notNull(),
    /** 'alert' | 'info' */
    severity: text('severity').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    /** Null while it lasts. */
    endAt: timestamp('end_at', { withTimezone: true }),
    armed: boolean('armed').notNull().default(false),
    zones: text('zones').array().notNull().default(sql`'{}'::text[]`),
    /** Storage key of its JPEG (made by the event-thumbnail job). */
    thumbnailKey: text('thumbnail_key'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by'),
    note: text('note'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ...stamps,
  },
  (t) => [
    index('events_workspace_start_idx').on(t.workspaceId, t.startAt.desc(), t.id.desc()),
    // The camera's own (its outages, and the cascade when it is deleted).
    index('events_camera_start_idx').on(t.cameraId, t.startAt.desc(), t.id.desc()),
    // Listing is always within a workspace: with it first, a camera's page is one ordered index range.
    index('events_workspace_camera_start_idx').on(t.workspaceId, t.cameraId, t.startAt.desc(), t.id.desc()),
    index('events_workspace_kind_start_idx').on(t.workspaceId, t.kind, t.startAt.desc(), t.id.desc()),
    // The alert center and "unacknowledged" filters read only these.
    index('events_alerts_idx').on(t.workspaceId, t.startAt.desc(), t.id.desc()).where(sql`severity = 'alert'`),
    index('events_unacknowledged_idx')
      .on(t.workspaceId, t.startAt.desc(), t.id.desc())
      .where(sql`acknowledged_at is null`),
    // A site's open alerts are counted per camera on every sites page: with the camera in the key,
    // the count reads this index alone (no event row visited once autovacuum has marked the pages).
    index('events_open_alerts_camera_idx')
      .on(t.workspaceId, t.startAt, t.cameraId)
      .where(sql`severity = 'alert' and acknowledged_at is null`),
  ],
);

/** The alert center's "read up to here" per person and workspace ("Mark all read"). */
export const alertReadMarks = pgTable(
  'alert_read_marks',
  {
    userId: uuid('user_id').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    readThrough: timestamp('read_through', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.workspaceId] })],
);

/** Alerts a person opened after their read mark. */
export const alertReads = pgTable(
  'alert_reads',
  {
    userId: uuid('user_id').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] })],
);
