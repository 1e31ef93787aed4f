import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './accounts.ts';
import { cameras } from './cameras.ts';
import { events } from './events.ts';
import { stamps } from './stamps.ts';

/**
 * Tasks: work a manager gives a member of the workspace, optionally about a camera and
 * the event it came from, worked through open → in progress → done (or canceled). Lists read them
 * soonest due first (no due time last), keyset paged on (due key, created_at, id).
 */

/** The sort key of the lists and their indexes: a task without a due time comes after every dated one. */
export const TASK_DUE_KEY = sql`coalesce(due_at, 'infinity'::timestamptz)`;

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** low | normal | high | urgent */
    priority: text('priority').notNull().default('normal'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** A member of the workspace (checked against memberships when assigned); null = nobody yet. */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** How many times the task was given to someone: the assignment notification's identity (exactly once each). */
    assignmentSeq: integer('assignment_seq').notNull().default(0),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    cameraId: uuid('camera_id').references(() => cameras.id, { onDelete: 'set null' }),
    /** The event the task was made from ("Create task" on an event). */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** open | in_progress | done | canceled */
    status: text('status').notNull().default('open'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    check('tasks_priority_check', sql`${t.priority} in ('low', 'normal', 'high', 'urgent')`),
    check('tasks_status_check', sql`${t.status} in ('open', 'in_progress', 'done', 'canceled')`),
    // The manager's list (every assignee) and a person's queue, both in list order.
    index('tasks_workspace_due_idx').on(t.workspaceId, TASK_DUE_KEY, t.createdAt, t.id),
    index('tasks_assignee_due_idx').on(t.workspaceId, t.assigneeId, TASK_DUE_KEY, t.createdAt, t.id),
    // Deleting a camera or an event clears the link (set null) without a scan.
    index('tasks_camera_idx').on(t.cameraId),
    index('tasks_event_idx').on(t.eventId),
  ],
);

export const taskComments = pgTable(
  'task_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    ...stamps,
  },
  (t) => [index('task_comments_task_idx').on(t.taskId, t.createdAt, t.id)],
);
