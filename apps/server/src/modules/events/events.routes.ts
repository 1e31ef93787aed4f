import {
  acknowledgeEventsSchema,
  acknowledgeResultSchema,
  alertCenterSchema,
  eventPageSchema,
  eventSchema,
  eventsQuerySchema,
  markAlertsReadSchema,
  updateEventSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { EventsService } from './events.service.ts';

const tags = ['events'];
const idParams = z.object({ id: z.string().uuid() });
// Every member reads events; operators and up deal with them (acknowledge, note).
const readers = access.signedIn;
const handlers = access.roles('operator', 'manager', 'admin');

const actor = (req: FastifyRequest) => ({ ...scopedActor(req.session!), uid: req.session!.user.id });

export function eventsRoutes(app: FastifyInstance, deps: { events: EventsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { events } = deps;

  r.get(
    '/api/v1/events',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Events of the workspace, newest first (filters; keyset paging by startAfter = the last nextCursor)',
        querystring: eventsQuerySchema,
        response: { 200: eventPageSchema },
      },
    },
    async (req) => events.list(actor(req), req.query),
  );

  r.post(
    '/api/v1/events/acknowledge',
    {
      config: { access: handlers },
      schema: {
        tags,
        summary: 'Acknowledge events: { ids } or everything matching { filter }',
        body: acknowledgeEventsSchema,
        response: { 200: acknowledgeResultSchema },
      },
    },
    async (req) => events.acknowledge(actor(req), req.body),
  );

  r.get(
    '/api/v1/events/:id',
    {
      config: { access: readers },
      schema: { tags, summary: 'One event', params: idParams, response: { 200: eventSchema } },
    },
    async (req) => events.get(actor(req), req.params.id),
  );

  r.patch(
    '/api/v1/events/:id',
    {
      config: { access: handlers },
      schema: {
        tags,
        summary: 'Set or clear an event’s note',
        params: idParams,
        body: updateEventSchema,
        response: { 200: eventSchema },
      },
    },
    async (req) => events.setNote(actor(req), req.params.id, req.body.note),
  );

  r.get(
    '/api/v1/alerts',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'The alert center: the latest alerts and the caller’s unread count (capped at 100)',
        response: { 200: alertCenterSchema },
      },
    },
    async (req) => events.alerts(actor(req)),
  );

  r.post(
    '/api/v1/alerts/read',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Mark alerts read for the caller: { ids } or { all: true }',
        body: markAlertsReadSchema,
      },
    },
    async (req, reply) => {
      await events.markRead(actor(req), req.body);
      return reply.status(204).send();
    },
  );
}
