import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './accounts.ts';
import { sites } from './cameras.ts';
import { stamps } from './stamps.ts';

/** One line of an import still to be done: the password sealed (lib/secrets.ts), never stored in the clear. */
export interface CameraImportPendingLine {
  line: number;
  name: string;
  url: string;
  username: string | null;
  passwordEnc: string | null;
  recordingMode: 'continuous' | 'motion' | 'off';
}

/** What became of one line, in the API's words (packages/shared contracts/camera-import.ts). */
export interface CameraImportLineResultRow {
  line: number;
  name: string;
  ok: boolean;
  cameraId: string | null;
  error: string | null;
}

/**
 * A bulk import of cameras into a site: the lines waiting for their probe (`pending`,
 * emptied as they are done, so no sealed password outlives the import) and each line's result.
 * The `camera-import` job works through it; a retried job skips the lines that have a result.
 */
export const cameraImports = pgTable(
  'camera_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull(),
    pending: jsonb('pending').$type<CameraImportPendingLine[]>().notNull().default([]),
    results: jsonb('results').$type<CameraImportLineResultRow[]>().notNull().default([]),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [index('camera_imports_workspace_idx').on(t.workspaceId, t.createdAt)],
);
