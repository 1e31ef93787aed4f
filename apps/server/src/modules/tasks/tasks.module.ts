import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import { tasksRoutes } from './tasks.routes.ts';
import { createTasksService } from './tasks.service.ts';

/**
 * Tasks' front door for a serve process (issue 12): the API. The assignee's notification is sent
 * by the work role's `notify-task` job (modules/notifications), queued by the write itself.
 */
export function tasksModule(app: FastifyInstance, deps: { db: Db }): void {
  tasksRoutes(app, { tasks: createTasksService(deps) });
}
