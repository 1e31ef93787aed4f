import { TOPICS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { schedulesRoutes } from './schedules.routes.ts';
import { createSchedulesService } from './schedules.service.ts';

/** Recording and arming schedules: the API. The recorder reads them itself (video/). */
export const schedulesModule = defineModule({
  name: 'schedules',
  auditActions: ['settings.time-zone-changed'],
  serve: {
    topics: [TOPICS.schedules],
    register: (app, { db }) => schedulesRoutes(app, { schedules: createSchedulesService({ db }) }),
  },
});
