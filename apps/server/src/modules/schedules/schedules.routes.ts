import {
  createScheduleSchema,
  scheduleSchema,
  scheduleSettingsSchema,
  updateScheduleSchema,
  updateScheduleSettingsSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';
import type { SchedulesService } from './schedules.service.ts';

const tags = ['schedules'];
const idParams = z.object({ id: z.string().uuid() });
// Everyone sees when cameras are armed; owners and managers decide it.
const readers = access.signedIn;
const editors = access.roles('manager', 'admin');

const actor = (req: FastifyRequest) => ({ workspaceId: req.session!.user.workspaceId });

export function schedulesRoutes(app: FastifyInstance, deps: { schedules: SchedulesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { schedules } = deps;

  r.get(
    '/api/v1/schedules',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'The workspace’s arming schedules and the time zone they are read in',
        response: { 200: z.object({ items: z.array(scheduleSchema), timeZone: z.string() }) },
      },
    },
    async (req) => schedules.list(actor(req)),
  );

  r.post(
    '/api/v1/schedules',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Create a weekly schedule: ranges per weekday (0 = Sunday, "HH:MM", end "24:00" allowed) and holidays',
        body: createScheduleSchema,
        response: { 201: scheduleSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await schedules.create(actor(req), req.body)),
  );

  r.put(
    '/api/v1/schedules/time-zone',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Set the workspace’s time zone (IANA name) that schedules are read in',
        body: updateScheduleSettingsSchema,
        response: { 200: scheduleSettingsSchema },
      },
    },
    async (req) => schedules.setTimeZone(actor(req), req.body.timeZone),
  );

  r.get(
    '/api/v1/schedules/:id',
    {
      config: { access: readers },
      schema: { tags, summary: 'One schedule', params: idParams, response: { 200: scheduleSchema } },
    },
    async (req) => schedules.get(actor(req), req.params.id),
  );

  r.patch(
    '/api/v1/schedules/:id',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Change a schedule',
        params: idParams,
        body: updateScheduleSchema,
        response: { 200: scheduleSchema },
      },
    },
    async (req) => schedules.update(actor(req), req.params.id, req.body),
  );

  r.delete(
    '/api/v1/schedules/:id',
    {
      config: { access: editors },
      schema: { tags, summary: 'Delete a schedule (its cameras become always armed)', params: idParams },
    },
    async (req, reply) => {
      await schedules.remove(actor(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
