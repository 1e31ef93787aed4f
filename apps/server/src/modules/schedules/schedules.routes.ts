import {
  createScheduleSchema,
  scheduleSchema,
  scheduleSettingsSchema,
  updateScheduleSchema,
  updateScheduleSettingsSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { access } from '../../plugins/access.ts';
import type { SchedulesService } from './schedules.service.ts';

const tags = ['schedules'];
// Everyone sees when cameras are armed; owners and managers decide it.
const readers = access.signedIn;
const editors = access.roles('manager', 'admin');

const actor = (req: FastifyRequest) => ({ workspaceId: req.session!.user.workspaceId });

export function schedulesRoutes(app: FastifyInstance, { schedules }: { schedules: SchedulesService }) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/schedules',
    {
      access: readers,
      summary: 'The workspace’s arming schedules and the time zone they are read in',
      response: z.object({ items: z.array(scheduleSchema), timeZone: z.string() }),
    },
    (req) => schedules.list(actor(req)),
  );

  route.post(
    '/api/v1/schedules',
    {
      access: editors,
      summary: 'Create a weekly schedule: ranges per weekday (0 = Sunday, "HH:MM", end "24:00" allowed) and holidays',
      body: createScheduleSchema,
      response: scheduleSchema,
      status: 201,
    },
    (req) => schedules.create(actor(req), req.body),
  );

  route.put(
    '/api/v1/schedules/time-zone',
    {
      access: editors,
      summary: 'Set the workspace’s time zone (IANA name) that schedules are read in',
      body: updateScheduleSettingsSchema,
      response: scheduleSettingsSchema,
    },
    (req) => schedules.setTimeZone(actor(req), req.body.timeZone),
  );

  route.object('/api/v1/schedules/:id', actor, schedules, {
    get: { access: readers, summary: 'One schedule', response: scheduleSchema },
    update: { access: editors, summary: 'Change a schedule', body: updateScheduleSchema, response: scheduleSchema },
    remove: { access: editors, summary: 'Delete a schedule (its cameras become always armed)' },
  });
}
