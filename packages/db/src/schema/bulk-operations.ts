import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BulkChange, BulkFilter } from '@vigil/shared';
import { users, workspaces } from './accounts.ts';
import { stamps } from './stamps.ts';

/**
 * A bulk operation: one change over many cameras of a workspace, run by the
 * `bulk-operation` job. Who made it (person, API key, address) is kept so every camera's audit
 * entry, written by the job, names them as a request would.
 */
export const bulkOperations = pgTable(
  'bulk_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The API key that made it, if one did (no foreign key: a key's row may go, the record stays). */
    apiKeyId: uuid('api_key_id'),
    ip: text('ip'),
    change: jsonb('change').$type<BulkChange>().notNull(),
    /** The filter as given; null = cameras named by id. */
    filter: jsonb('filter').$type<BulkFilter>(),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull(),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Why it stopped as a whole. */
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    check('bulk_operations_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    index('bulk_operations_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

/**
 * One camera of an operation. Written at creation with ok = null (to do); the job sets ok in the
 * same transaction as the camera's change, so a rerun skips what is done and never applies a
 * camera twice. No foreign key to the camera: a delete operation removes it, its result stays.
 */
export const bulkOperationResults = pgTable(
  'bulk_operation_results',
  {
    operationId: uuid('operation_id')
      .notNull()
      .references(() => bulkOperations.id, { onDelete: 'cascade' }),
    cameraId: uuid('camera_id').notNull(),
    position: integer('position').notNull(),
    cameraName: text('camera_name').notNull(),
    /** null: not reached yet. */
    ok: boolean('ok'),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    primaryKey({ columns: [t.operationId, t.cameraId] }),
    index('bulk_operation_results_order_idx').on(t.operationId, t.position),
  ],
);
