import type { Db, DbOrTx } from '@vigil/db';
import {
  type AssignEventInput,
  type CreateTaskInput,
  type TaskAssignee,
  type TaskComment,
  type TaskDetail,
  type TaskPage,
  type TasksQuery,
  type UpdateTaskInput,
  ACTIVE_TASK_STATUSES,
  ASSIGNEE_TASK_STATUSES,
  TASK_COMMENTS_MAX,
  hasAnyRole,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { publish } from '../../lib/realtime.ts';
import { enqueue } from '../jobs/jobs.module.ts';
import { type TaskRow, decodeCursor, encodeCursor, toComment, toTask } from './task-view.ts';
import { type MemberRow, type TaskFilter, tasksRepo as repo } from './tasks.repo.ts';

export type TasksService = ReturnType<typeof createTasksService>;

/** Who is asking: their workspace, themselves and their role there (the session's effective role). */
export interface TaskActor {
  workspaceId: string;
  uid: string;
  role: string;
}

const PAGE = 50;
const isManager = (a: TaskActor) => hasAnyRole(a.role, ['manager', 'admin']);

const invalid = (field: string, problem: string, message = 'Invalid request parameters.') =>
  new AppError('invalid-argument', message, { [field]: problem });

/** The role a member works with here: an installation admin is admin everywhere, an owner is the owner. */
function workingRole(m: MemberRow): 'owner' | 'admin' | 'manager' | 'operator' | 'viewer' {
  if (m.storedRole === 'admin') return 'admin';
  if (m.membershipRole === 'owner') return 'owner';
  return m.membershipRole as 'manager' | 'operator' | 'viewer';
}

/**
 * Tasks. Managers (owners, managers, admins) create, change, assign and delete; the
 * assignee works their own task: status (not canceling) and comments. An operator asking about
 * someone else's task is told it does not exist, as for another workspace's. Every write publishes
 * `tasks` (managers and the assignees concerned hear it) and an assignment queues `notify-task`,
 * both in the write's transaction.
 */
export function createTasksService(deps: { db: Db }) {
  const { db } = deps;

  /** The task as the actor may see it: managers see every task of the workspace, others only theirs. */
  async function visible(tx: DbOrTx, actor: TaskActor, id: string, lock: boolean): Promise<TaskRow> {
    const row = lock ? await repo.lock(tx, actor.workspaceId, id) : (await repo.get(tx, actor.workspaceId, id))?.task;
    if (!row || (!isManager(actor) && row.assigneeId !== actor.uid)) throw new AppError('not-found');
    return row;
  }

  /** Camera and event must be this workspace's (another's is not-found); the event's camera is the default. */
  async function resolveLinks(
    tx: DbOrTx,
    workspaceId: string,
    cameraId: string | null,
    eventId: string | null,
    cameraGiven: boolean,
  ): Promise<string | null> {
    let camera = cameraId;
    if (eventId) {
      const event = await repo.event(tx, workspaceId, eventId);
      if (!event) throw new AppError('not-found', 'No such event.');
      if (!cameraGiven) camera = event.cameraId ?? camera;
      else if (event.cameraId && camera && camera !== event.cameraId)
        throw invalid('cameraId', 'is not the camera of the event', 'The camera is not the one the event happened on.');
    }
    if (camera && !(await repo.cameraExists(tx, workspaceId, camera)))
      throw new AppError('not-found', 'No such camera.');
    return camera;
  }

  /** The assignee must be a working member of the workspace who can see the task's camera. */
  async function checkAssignee(
    tx: DbOrTx,
    workspaceId: string,
    userId: string,
    cameraId: string | null,
    field: 'assigneeId' | 'cameraId',
  ) {
    const m = await repo.member(tx, workspaceId, userId);
    if (!m)
      throw invalid(
        'assigneeId',
        'is not a member of this workspace',
        'A task can only be assigned to a member of this workspace.',
      );
    if (m.disabled) throw invalid('assigneeId', 'account is disabled', 'This person’s account is disabled.');
    const role = workingRole(m);
    if (role === 'viewer')
      throw invalid('assigneeId', 'is a viewer', 'Viewers cannot work tasks: make this member an operator first.');
    if (cameraId && role !== 'owner' && role !== 'admin' && m.cameraIds && !m.cameraIds.includes(cameraId))
      throw invalid(
        field,
        'the assignee cannot see this camera',
        `${m.displayName} can see only some cameras, and this task’s camera is not one of them.`,
      );
  }

  async function announce(tx: DbOrTx, workspaceId: string, id: string, assignees: (string | null)[]) {
    const uids = [...new Set(assignees)];
    for (const uid of uids) await publish(tx, { topic: 'tasks', workspaceId, id, ...(uid ? { uid } : {}) });
  }

  /** Queued with the write: the assignee hears about it once the task is committed, exactly once per assignment. */
  async function tellAssignee(tx: DbOrTx, actor: TaskActor, taskId: string, assigneeId: string | null, seq: number) {
    if (assigneeId && assigneeId !== actor.uid) await enqueue(tx, 'notify-task', { taskId, seq }, { maxAttempts: 5 });
  }

  async function detail(tx: DbOrTx, actor: TaskActor, id: string): Promise<TaskDetail> {
    const view = await repo.get(tx, actor.workspaceId, id);
    if (!view) throw new AppError('not-found');
    const comments = await repo.comments(tx, id);
    return { ...toTask(view), comments: comments.map(toComment) };
  }

  return {
    async list(actor: TaskActor, q: TasksQuery): Promise<TaskPage> {
      const { limit, startAfter, assignee, status, ...rest } = q;
      const assigneeId = assignee === 'me' ? actor.uid : assignee === 'none' ? null : assignee;
      if (!isManager(actor) && assigneeId !== undefined && assigneeId !== actor.uid)
        throw new AppError('permission-denied', 'Operators see only the tasks assigned to them.');
      const filter: TaskFilter = { ...rest, statuses: status, assigneeId: isManager(actor) ? assigneeId : actor.uid };
      const after = startAfter ? decodeCursor(startAfter) : undefined;
      const page = await repo.list(db, actor.workspaceId, filter, limit ?? PAGE, after);
      const now = Date.now();
      return {
        items: page.rows.map((v) => toTask(v, now)),
        nextCursor: page.next ? encodeCursor(page.next) : null,
      };
    },

    async get(actor: TaskActor, id: string): Promise<TaskDetail> {
      await visible(db, actor, id, false);
      return detail(db, actor, id);
    },

    async create(actor: TaskActor, input: CreateTaskInput): Promise<TaskDetail> {
      return db.transaction(async (tx) => {
        const eventId = input.eventId ?? null;
        const cameraId = await resolveLinks(tx, actor.workspaceId, input.cameraId ?? null, eventId, !!input.cameraId);
        const assigneeId = input.assigneeId ?? null;
        if (assigneeId) await checkAssignee(tx, actor.workspaceId, assigneeId, cameraId, 'assigneeId');
        const row = await repo.insert(tx, {
          workspaceId: actor.workspaceId,
          title: input.title,
          description: input.description ?? '',
          priority: input.priority ?? 'normal',
          dueAt: input.dueAt ? new Date(input.dueAt) : null,
          assigneeId,
          assignmentSeq: assigneeId ? 1 : 0,
          assignedAt: assigneeId ? new Date() : null,
          assignedBy: assigneeId ? actor.uid : null,
          cameraId,
          eventId,
          createdBy: actor.uid,
        });
        await tellAssignee(tx, actor, row.id, assigneeId, row.assignmentSeq);
        await announce(tx, actor.workspaceId, row.id, [assigneeId]);
        return detail(tx, actor, row.id);
      });
    },

    async update(actor: TaskActor, id: string, patch: UpdateTaskInput): Promise<TaskDetail> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, actor, id, true);
        const given = Object.entries(patch).filter(([, v]) => v !== undefined);
        if (!isManager(actor)) {
          if (given.some(([k]) => k !== 'status'))
            throw new AppError(
              'permission-denied',
              'Only a manager can change a task’s details; you can change its status.',
            );
          if (patch.status && !(ASSIGNEE_TASK_STATUSES as readonly string[]).includes(patch.status))
            throw new AppError('permission-denied', 'Only a manager can cancel a task.');
        }
        if (!given.length) return detail(tx, actor, id);

        const eventId = patch.eventId !== undefined ? patch.eventId : row.eventId;
        // A new event brings its camera unless one is given; the kept event is not checked again.
        const cameraId =
          patch.eventId !== undefined || patch.cameraId !== undefined
            ? await resolveLinks(
                tx,
                actor.workspaceId,
                patch.cameraId !== undefined ? patch.cameraId : row.cameraId,
                patch.eventId ?? null,
                patch.cameraId !== undefined,
              )
            : row.cameraId;
        const assigneeId = patch.assigneeId !== undefined ? patch.assigneeId : row.assigneeId;
        const reassigned = assigneeId !== row.assigneeId;
        if (assigneeId && (reassigned || cameraId !== row.cameraId))
          await checkAssignee(tx, actor.workspaceId, assigneeId, cameraId, reassigned ? 'assigneeId' : 'cameraId');

        const status = patch.status ?? row.status;
        const seq = reassigned && assigneeId ? row.assignmentSeq + 1 : row.assignmentSeq;
        await repo.update(tx, id, {
          ...(patch.title !== undefined ? { title: patch.title } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.priority !== undefined ? { priority: patch.priority } : {}),
          ...(patch.dueAt !== undefined ? { dueAt: patch.dueAt ? new Date(patch.dueAt) : null } : {}),
          cameraId,
          eventId,
          assigneeId,
          assignmentSeq: seq,
          ...(reassigned
            ? { assignedAt: assigneeId ? new Date() : null, assignedBy: assigneeId ? actor.uid : null }
            : {}),
          status,
          ...(status !== row.status ? { completedAt: status === 'done' ? new Date() : null } : {}),
        });
        if (reassigned) await tellAssignee(tx, actor, id, assigneeId, seq);
        await announce(tx, actor.workspaceId, id, [assigneeId, row.assigneeId]);
        return detail(tx, actor, id);
      });
    },

    async remove(actor: TaskActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.remove(tx, actor.workspaceId, id);
        if (!row) throw new AppError('not-found');
        await announce(tx, actor.workspaceId, id, [row.assigneeId]);
      });
    },

    async comment(actor: TaskActor, id: string, body: string): Promise<TaskComment> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, actor, id, true);
        if ((await repo.commentCount(tx, id)) >= TASK_COMMENTS_MAX)
          throw new AppError('resource-exhausted', `A task holds at most ${TASK_COMMENTS_MAX} comments.`);
        const comment = await repo.addComment(tx, { taskId: id, authorId: actor.uid, body });
        // The thread's news moves the task's "updated" too, so lists show the latest activity.
        await repo.update(tx, id, { updatedAt: new Date() });
        await announce(tx, actor.workspaceId, id, [row.assigneeId]);
        const [view] = await repo.comments(tx, id, comment.id);
        return toComment(view!);
      });
    },

    /**
     * An alert handed to someone (the operator's queue): the event's open task changes hands, or one
     * is made. Operators may do this, unlike other task changes, because taking alerts is their work;
     * the event must be on a camera they see (another is not-found, as for another workspace's).
     */
    async assignEvent(actor: TaskActor & { cameraIds: readonly string[] | null }, input: AssignEventInput) {
      return db.transaction(async (tx) => {
        const event = await repo.event(tx, actor.workspaceId, input.eventId, true);
        if (!event || (event.cameraId && actor.cameraIds && !actor.cameraIds.includes(event.cameraId)))
          throw new AppError('not-found', 'No such event.');
        await checkAssignee(tx, actor.workspaceId, input.assigneeId, event.cameraId, 'assigneeId');
        const filter = { eventId: input.eventId, statuses: ACTIVE_TASK_STATUSES };
        const open = (await repo.list(tx, actor.workspaceId, filter, 1)).rows[0]?.task;
        if (open?.assigneeId === input.assigneeId) return detail(tx, actor, open.id);
        const assignment = { assigneeId: input.assigneeId, assignedAt: new Date(), assignedBy: actor.uid };
        const row = open
          ? { id: open.id, assignmentSeq: open.assignmentSeq + 1 }
          : await repo.insert(tx, {
              workspaceId: actor.workspaceId,
              title: input.title ?? `Alert: ${event.kind}`,
              cameraId: event.cameraId,
              eventId: input.eventId,
              createdBy: actor.uid,
              assignmentSeq: 1,
              ...assignment,
            });
        if (open) await repo.update(tx, open.id, { ...assignment, assignmentSeq: row.assignmentSeq });
        await tellAssignee(tx, actor, row.id, input.assigneeId, row.assignmentSeq);
        await announce(tx, actor.workspaceId, row.id, [input.assigneeId, open?.assigneeId ?? null]);
        return detail(tx, actor, row.id);
      });
    },

    /** Members a task can be given to (viewers cannot work tasks), with their camera limits. */
    async assignees(actor: TaskActor): Promise<{ items: TaskAssignee[] }> {
      const members = await repo.members(db, actor.workspaceId);
      const items: TaskAssignee[] = [];
      for (const m of members) {
        const role = workingRole(m);
        if (m.disabled || role === 'viewer') continue;
        items.push({
          id: m.userId,
          displayName: m.displayName,
          email: m.email,
          role,
          cameraIds: role === 'owner' || role === 'admin' ? null : m.cameraIds,
        });
      }
      return { items };
    },
  };
}
