import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stamps } from './stamps.ts';
import { cameras } from './cameras.ts';

/** The processes of an installation and which recorder holds each camera. */

/**
 * The Vigil processes alive now (VIGIL_ROLES): each renews its row every few seconds. Recorders
 * count the live `record` nodes to know their fair share of cameras; a `serve` process finds the
 * internal address of the recorder that holds a camera here.
 */
export const vigilNodes = pgTable(
  'vigil_nodes',
  {
    id: uuid('id').primaryKey(),
    roles: text('roles').array().notNull(),
    internalUrl: text('internal_url').notNull(),
    hostname: text('hostname').notNull(),
    pid: integer('pid').notNull(),
    /** The job queue's worker ids this process runs (`work`): a lock held by any other is a dead worker's. */
    jobWorkers: text('job_workers').array().notNull().default(sql`'{}'::text[]`),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('vigil_nodes_expires_idx').on(t.expiresAt)],
);

/**
 * Which recorder records a camera. One row per camera ever leased; `epoch` grows by one at every
 * change of holder, and every write a recorder makes for the camera (segment index, status) names
 * the epoch it holds: a recorder that lost the camera while paused finds its epoch gone and stops.
 */
export const cameraLeases = pgTable(
  'camera_leases',
  {
    cameraId: uuid('camera_id')
      .primaryKey()
      .references(() => cameras.id, { onDelete: 'cascade' }),
    holderId: uuid('holder_id'),
    epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...stamps,
  },
  (t) => [index('camera_leases_holder_idx').on(t.holderId)],
);
