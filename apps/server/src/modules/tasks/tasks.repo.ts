import { memberColumns } from '../../lib/camera-scope.ts';
import { isWorkspaceRow } from '../../lib/workspace-row.ts';
import { type DbOrTx, schema } from '@vigil/db';
import type { TaskStatus } from '@vigil/shared';
import { type SQL, and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TaskCursor, TaskRow, TaskView } from './task-view.ts';

const { tasks, taskComments, users, cameras, events, memberships, TASK_DUE_KEY } = schema;

export interface TaskFilter {
  /** A user id, or null for "nobody". */
  assigneeId?: string | null;
  statuses?: readonly TaskStatus[];
  overdue?: boolean;
  cameraId?: string;
  eventId?: string;
}

/** A member as the task rules need them: their membership and whether their account still works. */
export interface MemberRow {
  userId: string;
  displayName: string;
  email: string;
  /** owner | manager | operator | viewer */
  membershipRole: string;
  /** The role on their own document (an installation admin is admin everywhere). */
  storedRole: string;
  cameraIds: string[] | null;
  disabled: boolean;
}

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');

const viewColumns = {
  task: tasks,
  assigneeName: assignee.displayName,
  creatorName: creator.displayName,
  cameraName: cameras.name,
  commentCount: sql<number>`(select count(*)::int from ${taskComments} tc where tc.task_id = ${tasks.id})`,
};

function filterSql(workspaceId: string, f: TaskFilter): SQL {
  const parts: SQL[] = [eq(tasks.workspaceId, workspaceId)];
  if (f.assigneeId === null) parts.push(isNull(tasks.assigneeId));
  else if (f.assigneeId) parts.push(eq(tasks.assigneeId, f.assigneeId));
  if (f.statuses?.length) parts.push(inArray(tasks.status, [...f.statuses]));
  if (f.overdue === true) parts.push(sql`${tasks.dueAt} < now() and ${tasks.status} in ('open', 'in_progress')`);
  if (f.overdue === false)
    parts.push(
      sql`not (${tasks.dueAt} is not null and ${tasks.dueAt} < now() and ${tasks.status} in ('open', 'in_progress'))`,
    );
  if (f.cameraId) parts.push(eq(tasks.cameraId, f.cameraId));
  if (f.eventId) parts.push(eq(tasks.eventId, f.eventId));
  return and(...parts)!;
}

function viewQuery(db: DbOrTx) {
  return db
    .select({
      ...viewColumns,
      dueKey: sql<string>`${TASK_DUE_KEY}::text`,
      createdKey: sql<string>`${tasks.createdAt}::text`,
    })
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assigneeId))
    .leftJoin(creator, eq(creator.id, tasks.createdBy))
    .leftJoin(cameras, eq(cameras.id, tasks.cameraId));
}

export const tasksRepo = {
  /** Soonest due first, no due time last: one range of tasks_workspace_due_idx (or tasks_assignee_due_idx). */
  async list(db: DbOrTx, workspaceId: string, f: TaskFilter, limit: number, after?: TaskCursor) {
    const where = after
      ? and(
          filterSql(workspaceId, f),
          sql`(${TASK_DUE_KEY}, ${tasks.createdAt}, ${tasks.id}) > (${after.due}::timestamptz, ${after.created}::timestamptz, ${after.id}::uuid)`,
        )
      : filterSql(workspaceId, f);
    const rows = await viewQuery(db)
      .where(where)
      .orderBy(asc(TASK_DUE_KEY), asc(tasks.createdAt), asc(tasks.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      rows: page as TaskView[],
      next: rows.length > limit && last ? { due: last.dueKey, created: last.createdKey, id: last.task.id } : null,
    };
  },

  async get(db: DbOrTx, workspaceId: string, id: string): Promise<TaskView | undefined> {
    const [row] = await viewQuery(db).where(and(eq(tasks.id, id), eq(tasks.workspaceId, workspaceId)));
    return row;
  },

  /** The task row, locked until the transaction ends: changes and comments to one task go one at a time. */
  async lock(tx: DbOrTx, workspaceId: string, id: string): Promise<TaskRow | undefined> {
    const [row] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.workspaceId, workspaceId)))
      .for('update');
    return row;
  },

  async insert(tx: DbOrTx, row: typeof tasks.$inferInsert): Promise<TaskRow> {
    const [created] = await tx.insert(tasks).values(row).returning();
    return created!;
  },

  async update(tx: DbOrTx, id: string, set: Partial<typeof tasks.$inferInsert>): Promise<void> {
    await tx.update(tasks).set(set).where(eq(tasks.id, id));
  },

  async remove(tx: DbOrTx, workspaceId: string, id: string): Promise<TaskRow | undefined> {
    const [row] = await tx
      .delete(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.workspaceId, workspaceId)))
      .returning();
    return row;
  },

  /** A task's thread, oldest first (or the one comment `commentId`), with each author's name. */
  async comments(db: DbOrTx, taskId: string, commentId?: string) {
    return db
      .select({ comment: taskComments, authorName: users.displayName })
      .from(taskComments)
      .leftJoin(users, eq(users.id, taskComments.authorId))
      .where(and(eq(taskComments.taskId, taskId), commentId ? eq(taskComments.id, commentId) : undefined))
      .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
  },

  async commentCount(db: DbOrTx, taskId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(taskComments)
      .where(eq(taskComments.taskId, taskId));
    return row?.n ?? 0;
  },

  async addComment(tx: DbOrTx, c: { taskId: string; authorId: string; body: string }) {
    const [row] = await tx.insert(taskComments).values(c).returning();
    return row!;
  },

  /**
   * A member of the workspace, their membership held (FOR SHARE) until the transaction ends: a
   * removal or a camera limit changed meanwhile waits for the task written under it.
   */
  async member(tx: DbOrTx, workspaceId: string, userId: string): Promise<MemberRow | undefined> {
    const [row] = await tx
      .select(memberColumns())
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
      .for('share', { of: memberships });
    return row && toMember(row);
  },

  async members(db: DbOrTx, workspaceId: string): Promise<MemberRow[]> {
    const rows = await db
      .select(memberColumns())
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.workspaceId, workspaceId))
      .orderBy(asc(sql`lower(${users.displayName})`), asc(users.id));
    return rows.map(toMember);
  },

  cameraExists: (db: DbOrTx, workspaceId: string, id: string) => isWorkspaceRow(db, cameras, workspaceId, id),

  /** With `lock`, two people taking the same alert at once are served one after the other (one task, not two). */
  async event(
    db: DbOrTx,
    workspaceId: string,
    eventId: string,
    lock = false,
  ): Promise<{ cameraId: string | null; kind: string } | undefined> {
    const query = db
      .select({ cameraId: events.cameraId, kind: events.kind })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.workspaceId, workspaceId)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },
};

function toMember({ disabledAt, ...r }: Omit<MemberRow, 'disabled'> & { disabledAt: Date | null }): MemberRow {
  return { ...r, disabled: disabledAt !== null };
}
