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
import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { EventsService } from './events.service.ts';

const tags = ['events'];
// Every member reads events; operators and up deal with them (acknowledge, note).
const readers = access.signedIn;
const handlers = access.roles('operator', 'manager', 'admin');

const actor = (req: FastifyRequest) => ({ ...scopedActor(req.session!), uid: req.session!.user.id });

export function eventsRoutes(app: FastifyInstance, { events }: { events: EventsService }) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/events',
    {
      access: readers,
      summary: 'Events of the workspace, newest first (filters; keyset paging by startAfter = the last nextCursor)',
      querystring: eventsQuerySchema,
      response: eventPageSchema,
    },
    (req) => events.list(actor(req), req.query),
  );

  route.post(
    '/api/v1/events/acknowledge',
    {
      access: handlers,
      summary: 'Acknowledge events: { ids } or everything matching { filter }',
      body: acknowledgeEventsSchema,
      response: acknowledgeResultSchema,
    },
    (req) => events.acknowledge(actor(req), req.body),
  );

  route.get(
    '/api/v1/events/:id',
    { access: readers, summary: 'One event', params: idParams, response: eventSchema },
    (req) => events.get(actor(req), req.params.id),
  );

  route.patch(
    '/api/v1/events/:id',
    {
      access: handlers,
      summary: 'Set or clear an event’s note',
      params: idParams,
      body: updateEventSchema,
      response: eventSchema,
    },
    (req) => events.setNote(actor(req), req.params.id, req.body.note),
  );

  route.get(
    '/api/v1/alerts',
    {
      access: readers,
      summary: 'The alert center: the latest alerts and the caller’s unread count (capped at 100)',
      response: alertCenterSchema,
    },
    (req) => events.alerts(actor(req)),
  );

  route.post(
    '/api/v1/alerts/read',
    {
      access: readers,
      summary: 'Mark alerts read for the caller: { ids } or { all: true }',
      body: markAlertsReadSchema,
      status: 204,
    },
    (req) => events.markRead(actor(req), req.body),
  );
}
