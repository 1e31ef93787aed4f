import {
  ACTIVE_TASK_STATUSES,
  type CreateTaskInput,
  TASK_STATUSES,
  type Task,
  type TaskAssignee,
  type TaskPriority,
  type TaskStatus,
  type UpdateTaskInput,
} from '@vigil/shared';
import { fromLocalInput, toLocalInput } from '../../lib/local-time.ts';

/** The list's filters, kept in the URL so a link reopens the same view. */
export type StatusFilter = 'active' | 'all' | TaskStatus;
export const STATUS_FILTERS: readonly StatusFilter[] = ['active', ...TASK_STATUSES, 'all'];

export interface TaskFilters {
  /** '' = everyone, 'me', 'none' (unassigned) or a user id. */
  assignee: string;
  status: StatusFilter;
  overdue: boolean;
}

export const DEFAULT_FILTERS: TaskFilters = { assignee: '', status: 'active', overdue: false };

export function filtersFromQuery(params: URLSearchParams): TaskFilters {
  const status = params.get('status') ?? 'active';
  return {
    assignee: params.get('assignee') ?? '',
    status: (STATUS_FILTERS as readonly string[]).includes(status) ? (status as StatusFilter) : 'active',
    overdue: params.get('overdue') === 'true',
  };
}

/** The filters written into the URL's query, keeping what else is there (the open task). */
export function filtersToQuery(f: TaskFilters, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string, fallback: string) => {
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  };
  set('assignee', f.assignee, '');
  set('status', f.status, 'active');
  set('overdue', f.overdue ? 'true' : 'false', 'false');
  return next;
}

/** The API's query for one page of the list. */
export function listQuery(f: TaskFilters, limit: number, cursor: string | null): string {
  const q = new URLSearchParams();
  if (f.assignee) q.set('assignee', f.assignee);
  if (f.status === 'active') q.set('status', ACTIVE_TASK_STATUSES.join(','));
  else if (f.status !== 'all') q.set('status', f.status);
  if (f.overdue) q.set('overdue', 'true');
  q.set('limit', String(limit));
  if (cursor) q.set('startAfter', cursor);
  return q.toString();
}

/** The create/edit form: text as typed, the due time as a datetime-local in the person's zone. */
export interface TaskForm {
  title: string;
  description: string;
  priority: TaskPriority;
  due: string;
  assigneeId: string;
  cameraId: string;
  eventId: string;
}

export function emptyForm(prefill: { cameraId?: string; eventId?: string } = {}): TaskForm {
  return {
    title: '',
    description: '',
    priority: 'normal',
    due: '',
    assigneeId: '',
    cameraId: prefill.cameraId ?? '',
    eventId: prefill.eventId ?? '',
  };
}

export function formOf(task: Task, timeZone: string): TaskForm {
  return {
    title: task.title,
    description: task.description,
    priority: task.priority,
    // Minutes are what the form edits.
    due: task.dueAt ? toLocalInput(Date.parse(task.dueAt), timeZone).slice(0, 16) : '',
    assigneeId: task.assignee?.id ?? '',
    cameraId: task.camera?.id ?? '',
    eventId: task.eventId ?? '',
  };
}

export interface FormProblems {
  title?: 'required';
  due?: 'invalid';
}

export function formProblems(f: TaskForm, timeZone: string): FormProblems {
  const p: FormProblems = {};
  if (!f.title.trim()) p.title = 'required';
  if (f.due && fromLocalInput(f.due, timeZone) === null) p.due = 'invalid';
  return p;
}

const dueOf = (f: TaskForm, timeZone: string): string | null => {
  const ms = f.due ? fromLocalInput(f.due, timeZone) : null;
  return ms === null ? null : new Date(ms).toISOString();
};

export function createInput(f: TaskForm, timeZone: string): CreateTaskInput {
  return {
    title: f.title.trim(),
    description: f.description.trim(),
    priority: f.priority,
    dueAt: dueOf(f, timeZone),
    assigneeId: f.assigneeId || null,
    cameraId: f.cameraId || null,
    ...(f.eventId ? { eventId: f.eventId } : {}),
  };
}

/** Only what changed, so an edit never rewrites (or re-checks) what the person left alone. */
export function updateInput(f: TaskForm, before: TaskForm, timeZone: string): UpdateTaskInput {
  const next = createInput(f, timeZone);
  const prev = createInput(before, timeZone);
  const patch: UpdateTaskInput = {};
  if (next.title !== prev.title) patch.title = next.title;
  if (next.description !== prev.description) patch.description = next.description;
  if (next.priority !== prev.priority) patch.priority = next.priority;
  if (f.due !== before.due) patch.dueAt = next.dueAt ?? null;
  if (next.assigneeId !== prev.assigneeId) patch.assigneeId = next.assigneeId ?? null;
  if (next.cameraId !== prev.cameraId) patch.cameraId = next.cameraId ?? null;
  return patch;
}

/** A member limited to some cameras cannot take a task on another one (the server refuses it too). */
export function cannotSee(a: Pick<TaskAssignee, 'cameraIds'>, cameraId: string): boolean {
  return !!cameraId && a.cameraIds !== null && !a.cameraIds.includes(cameraId);
}

/** The buttons the assignee gets for a task in each status, in order. */
export function nextSteps(status: TaskStatus): { status: TaskStatus; key: 'start' | 'done' | 'reopen' }[] {
  switch (status) {
    case 'open':
      return [
        { status: 'in_progress', key: 'start' },
        { status: 'done', key: 'done' },
      ];
    case 'in_progress':
      return [{ status: 'done', key: 'done' }];
    case 'done':
      return [{ status: 'open', key: 'reopen' }];
    default:
      return [];
  }
}
