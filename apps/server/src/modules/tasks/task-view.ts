import { type Task, type TaskComment, type TaskPriority, type TaskStatus, isTaskOverdue } from '@vigil/shared';
import { decodeKeyset, encodeKeyset } from '../../lib/list-query.ts';
import type { schema } from '@vigil/db';

export type TaskRow = typeof schema.tasks.$inferSelect;
/** A task with the names the pages show. */
export interface TaskView {
  task: TaskRow;
  assigneeName: string | null;
  creatorName: string | null;
  cameraName: string | null;
  commentCount: number;
}

/** Keyset position of the lists: the due key (`infinity` without a due time), created_at and id, as PostgreSQL prints them. */
export interface TaskCursor {
  due: string;
  created: string;
  id: string;
}

/** A task as the API answers it (names joined, the overdue flag computed now). */
export function toTask(v: TaskView, now = Date.now()): Task {
  const t = v.task;
  const dueAt = t.dueAt?.toISOString() ?? null;
  const status = t.status as TaskStatus;
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    priority: t.priority as TaskPriority,
    status,
    dueAt,
    overdue: isTaskOverdue({ dueAt, status }, now),
    assignee: t.assigneeId ? { id: t.assigneeId, displayName: v.assigneeName ?? '' } : null,
    assignedAt: t.assignedAt?.toISOString() ?? null,
    camera: t.cameraId ? { id: t.cameraId, name: v.cameraName ?? '' } : null,
    eventId: t.eventId,
    createdBy: t.createdBy ? { id: t.createdBy, displayName: v.creatorName ?? '' } : null,
    completedAt: t.completedAt?.toISOString() ?? null,
    commentCount: v.commentCount,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export function toComment(c: {
  comment: { id: string; authorId: string | null; body: string; createdAt: Date };
  authorName: string | null;
}): TaskComment {
  return {
    id: c.comment.id,
    author: c.comment.authorId ? { id: c.comment.authorId, displayName: c.authorName ?? '' } : null,
    body: c.comment.body,
    createdAt: c.comment.createdAt.toISOString(),
  };
}

export const encodeCursor = (c: TaskCursor): string => encodeKeyset([c.due, c.created, c.id]);

/** The previous page's nextCursor, checked to the character before it reaches SQL. */
export function decodeCursor(text: string): TaskCursor {
  const [due, created, id] = decodeKeyset(text, ['timestamp-or-infinity', 'timestamp', 'uuid']);
  return { due: due!, created: created!, id: id! };
}
