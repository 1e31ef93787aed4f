/**
 * Task priorities, statuses and limits as plain values, without zod: the web app imports these on
 * many pages, and importing them from the contract module would bring every schema of that module
 * and zod along.
 */
export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_STATUSES = ['open', 'in_progress', 'done', 'canceled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** Still to be worked: what "overdue" and a queue are about. */
export const ACTIVE_TASK_STATUSES = ['open', 'in_progress'] as const satisfies readonly TaskStatus[];
/** The statuses the assignee may set; canceling is the manager's decision. */
export const ASSIGNEE_TASK_STATUSES = ['open', 'in_progress', 'done'] as const satisfies readonly TaskStatus[];

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;
export const TASK_COMMENT_MAX = 2000;
/** A task's thread stops here (a runaway script, not a conversation). */
export const TASK_COMMENTS_MAX = 500;
