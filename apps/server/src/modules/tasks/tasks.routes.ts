import {
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';
import type { TaskActor, TasksService } from './tasks.service.ts';

const tags = ['tasks'];
const idParams = z.object({ id: z.string().uuid() });
// Owners, managers and admins give out work; operators work their own queue. Viewers watch and
// review only: they have no tasks, so they are refused rather than shown an empty queue.
const managers = access.roles('manager', 'admin');
const workers = access.roles('operator', 'manager', 'admin');

const actor = (req: FastifyRequest): TaskActor => ({
  workspaceId: req.session!.user.workspaceId,
  uid: req.session!.user.id,
  role: req.session!.user.role,
});

export function tasksRoutes(app: FastifyInstance, deps: { tasks: TasksService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tasks } = deps;

  r.get(
    '/api/v1/tasks',
    {
      config: { access: workers },
      schema: {
        tags,
        summary:
          'Tasks, soonest due first (no due time last), keyset paged by startAfter. Managers see every task ' +
          '(assignee = a user id, me or none); operators only theirs. status: one or several, comma-separated',
        querystring: tasksQuerySchema,
        response: { 200: taskPageSchema },
      },
    },
    async (req) => tasks.list(actor(req), req.query),
  );

  r.post(
    '/api/v1/tasks',
    {
      config: { access: managers },
      schema: {
        tags,
        summary:
          'Create a task; the assignee must be a member of this workspace who may see its camera, and is told by ' +
          'email and push. With eventId and no cameraId the event’s camera is the task’s',
        body: createTaskSchema,
        response: { 201: taskDetailSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await tasks.create(actor(req), req.body)),
  );

  r.get(
    '/api/v1/tasks/assignees',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Members a task can be assigned to (viewers cannot work tasks), with their camera limits',
        response: { 200: taskAssigneesSchema },
      },
    },
    async (req) => tasks.assignees(actor(req)),
  );

  r.get(
    '/api/v1/tasks/:id',
    {
      config: { access: workers },
      schema: {
        tags,
        summary: 'One task with its comments (an operator: only a task assigned to them)',
        params: idParams,
        response: { 200: taskDetailSchema },
      },
    },
    async (req) => tasks.get(actor(req), req.params.id),
  );

  r.patch(
    '/api/v1/tasks/:id',
    {
      config: { access: workers },
      schema: {
        tags,
        summary:
          'Change a task: managers anything (a new assignee is told), the assignee only its status (open, ' +
          'in_progress, done)',
        params: idParams,
        body: updateTaskSchema,
        response: { 200: taskDetailSchema },
      },
    },
    async (req) => tasks.update(actor(req), req.params.id, req.body),
  );

  r.delete(
    '/api/v1/tasks/:id',
    {
      config: { access: managers },
      schema: { tags, summary: 'Delete a task and its comments', params: idParams },
    },
    async (req, reply) => {
      await tasks.remove(actor(req), req.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/v1/tasks/:id/comments',
    {
      config: { access: workers },
      schema: {
        tags,
        summary: 'Comment on a task (managers, and the assignee on their own task)',
        params: idParams,
        body: createTaskCommentSchema,
        response: { 201: taskCommentSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await tasks.comment(actor(req), req.params.id, req.body.body)),
  );
}
