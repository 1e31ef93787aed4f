import { TOPICS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { tasksRoutes } from './tasks.routes.ts';
import { createTasksService } from './tasks.service.ts';

/**
 * Tasks: the API. The assignee's notification is sent by the notifications module's `notify-task`
 * job, queued by the write itself.
 */
export const tasksModule = defineModule({
  name: 'tasks',
  serve: {
    topics: [TOPICS.tasks],
    register: (app, { db }) => tasksRoutes(app, { tasks: createTasksService({ db }) }),
  },
});
