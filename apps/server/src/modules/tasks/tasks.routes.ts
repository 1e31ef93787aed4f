import {
  assignEventSchema,
  createTaskCommentSchema,
  createTaskSchema,
  taskAssigneesSchema,
  taskCommentSchema,
  taskDetailSchema,
  taskPageSchema,
  tasksQuerySchema,
  updateTaskSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { TaskActor, TasksService } from './tasks.service.ts';

const tags = ['tasks'];
// Owners, managers and admins give out work; operators work their own queue. Viewers watch and
// review only: they have no tasks, so they are refused rather than shown an empty queue.
const managers = access.roles('manager', 'admin');
const workers = access.roles('operator', 'manager', 'admin');

const actor = (req: FastifyRequest): TaskActor => ({
  workspaceId: req.session!.user.workspaceId,
  uid: req.session!.user.id,
  role: req.session!.user.role,
});

export function tasksRoutes(app: FastifyInstance, { tasks }: { tasks: TasksService }) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/tasks',
    {
      access: workers,
      summary:
        'Tasks, soonest due first (no due time last), keyset paged by startAfter. Managers see every task ' +
        '(assignee = a user id, me or none); operators only theirs. status: one or several, comma-separated',
      querystring: tasksQuerySchema,
      response: taskPageSchema,
    },
    (req) => tasks.list(actor(req), req.query),
  );

  route.post(
    '/api/v1/tasks',
    {
      access: managers,
      summary:
        'Create a task; the assignee must be a member of this workspace who may see its camera, and is told by ' +
        'email and push. With eventId and no cameraId the event’s camera is the task’s',
      body: createTaskSchema,
      response: taskDetailSchema,
      status: 201,
    },
    (req) => tasks.create(actor(req), req.body),
  );

  route.post(
    '/api/v1/tasks/event-assignment',
    {
      access: workers,
      summary:
        'Give an alert to a member to deal with (themselves or a teammate): the event’s open task changes hands, ' +
        'or one is made; the event must be on a camera the caller sees',
      body: assignEventSchema,
      response: taskDetailSchema,
    },
    (req) => tasks.assignEvent({ ...actor(req), cameraIds: scopedActor(req.session!).cameraIds }, req.body),
  );

  // Operators read it too: they hand an alert to a teammate from their queue.
  route.get(
    '/api/v1/tasks/assignees',
    {
      access: workers,
      summary: 'Members a task can be assigned to (viewers cannot work tasks), with their camera limits',
      response: taskAssigneesSchema,
    },
    (req) => tasks.assignees(actor(req)),
  );

  route.object('/api/v1/tasks/:id', actor, tasks, {
    get: {
      access: workers,
      summary: 'One task with its comments (an operator: only a task assigned to them)',
      response: taskDetailSchema,
    },
    update: {
      access: workers,
      summary:
        'Change a task: managers anything (a new assignee is told), the assignee only its status (open, ' +
        'in_progress, done)',
      body: updateTaskSchema,
      response: taskDetailSchema,
    },
    remove: { access: managers, summary: 'Delete a task and its comments' },
  });

  route.post(
    '/api/v1/tasks/:id/comments',
    {
      access: workers,
      summary: 'Comment on a task (managers, and the assignee on their own task)',
      params: idParams,
      body: createTaskCommentSchema,
      response: taskCommentSchema,
      status: 201,
    },
    (req) => tasks.comment(actor(req), req.params.id, req.body.body),
  );
}
