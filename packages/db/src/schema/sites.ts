import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SiteContact } from '@vigil/shared';
import { workspaces } from './accounts.ts';
import { schedules } from './cameras.ts';
import { stamps } from './stamps.ts';

/**
 * A site of a workspace (issue 13, the `vms` plan): a building or customer location that groups
 * cameras. A camera belongs to at most one (`cameras.site_id`); members may be limited to sites
 * (`memberships.site_ids`); the site's default schedule and retention apply to its cameras.
 */
export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** IANA zone; null = the workspace's. */
    timezone: text('timezone'),
    contacts: jsonb('contacts').$type<SiteContact[]>().notNull().default([]),
    notes: text('notes'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    defaultScheduleId: uuid('default_schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    defaultRetentionDays: integer('default_retention_days'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('sites_workspace_name_idx').on(t.workspaceId, sql`lower(${t.name})`),
    index('sites_tags_idx').using('gin', t.tags),
  ],
);
