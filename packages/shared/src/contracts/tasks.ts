import { z } from 'zod';
import { isoDate } from './common.ts';

/**
 * Tasks a manager gives a member of the workspace (`/manager/tasks`), worked by that
 * member (`/operator/tasks`): status, comments, overdue marking, the assignee told when assigned.
 */
export * from './task-values.ts';
import {
  ACTIVE_TASK_STATUSES,
  type TaskStatus,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TITLE_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_COMMENT_MAX,
} from './task-values.ts';

/** Whether a task is late now: due time passed and not done or canceled. The server and the pages agree. */
export function isTaskOverdue(t: { dueAt: string | null; status: TaskStatus }, now: number = Date.now()): boolean {
  if (!t.dueAt || !(ACTIVE_TASK_STATUSES as readonly string[]).includes(t.status)) return false;
  const due = Date.parse(t.dueAt);
  return Number.isFinite(due) && due < now;
}

const dueAt = z.string().datetime({ offset: true }).nullable();
const optionalId = z.string().uuid().nullable();

export const createTaskSchema = z
  .object({
    title: z.string().trim().min(1).max(TASK_TITLE_MAX),
    description: z.string().trim().max(TASK_DESCRIPTION_MAX).optional(),
    priority: z.enum(TASK_PRIORITIES).optional(),
    dueAt: dueAt.optional(),
    /** A member of the workspace; null or absent = nobody yet. */
    assigneeId: optionalId.optional(),
    cameraId: optionalId.optional(),
    /** The event the task is about ("Create task" on an event); its camera is the task's unless one is given. */
    eventId: optionalId.optional(),
  })
  .strict();
export type CreateTaskInput = z.infer<typeof createTaskSchema>;

/** Managers change anything; the assignee changes `status` only. An empty patch changes nothing. */
export const updateTaskSchema = createTaskSchema
  .partial()
  .extend({ status: z.enum(TASK_STATUSES).optional() })
  .strict();
export type UpdateTaskInput = z.infer<typeof updateTaskSchema>;

/**
 * POST /api/v1/tasks/event-assignment: an alert given to someone to deal with (the operator's queue:
 * "assign to me", "to a teammate"). The event's open task changes hands, or one is made for it.
 */
export const assignEventSchema = z
  .object({
    eventId: z.string().uuid(),
    assigneeId: z.string().uuid(),
    /** The new task's title, in the words of the person handing the alert over (the server has a plain one). */
    title: z.string().trim().min(1).max(TASK_TITLE_MAX).optional(),
  })
  .strict();
export type AssignEventInput = z.infer<typeof assignEventSchema>;

const personRef = z.object({ id: z.string(), displayName: z.string() });
export type TaskPerson = z.infer<typeof personRef>;

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  dueAt: isoDate.nullable(),
  /** Due time passed and not done or canceled, as of the answer. */
  overdue: z.boolean(),
  assignee: personRef.nullable(),
  assignedAt: isoDate.nullable(),
  camera: z.object({ id: z.string(), name: z.string() }).nullable(),
  eventId: z.string().nullable(),
  createdBy: personRef.nullable(),
  completedAt: isoDate.nullable(),
  commentCount: z.number(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Task = z.infer<typeof taskSchema>;

export const taskCommentSchema = z.object({
  id: z.string(),
  author: personRef.nullable(),
  body: z.string(),
  createdAt: isoDate,
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

export const taskDetailSchema = taskSchema.extend({ comments: z.array(taskCommentSchema) });
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const taskPageSchema = z.object({ items: z.array(taskSchema), nextCursor: z.string().nullable() });
export type TaskPage = z.infer<typeof taskPageSchema>;

const statusList = z
  .string()
  .max(100)
  .transform((s) => [...new Set(s.split(',').map((x) => x.trim()))].filter(Boolean))
  .pipe(z.array(z.enum(TASK_STATUSES)).min(1));

/**
 * GET /api/v1/tasks: soonest due first (no due time last), keyset paged by `startAfter`.
 * `assignee` is a user id, `me` or `none`; `status` one status or several, comma-separated.
 */
export const tasksQuerySchema = z
  .object({
    assignee: z.union([z.literal('me'), z.literal('none'), z.string().uuid()]).optional(),
    status: statusList.optional(),
    overdue: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    cameraId: z.string().uuid().optional(),
    eventId: z.string().uuid().optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
    startAfter: z.string().max(300).optional(),
  })
  .strict();
export type TasksQuery = z.infer<typeof tasksQuerySchema>;

export const createTaskCommentSchema = z.object({ body: z.string().trim().min(1).max(TASK_COMMENT_MAX) }).strict();

/** Who a task can be given to: members who may work tasks (not viewers), with the cameras they may see. */
export const taskAssigneeSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.enum(['owner', 'admin', 'manager', 'operator']),
  /** Null: every camera; otherwise only these (a task on another camera cannot be theirs). */
  cameraIds: z.array(z.string()).nullable(),
});
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;
export const taskAssigneesSchema = z.object({ items: z.array(taskAssigneeSchema) });
