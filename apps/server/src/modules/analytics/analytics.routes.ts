import {
  type AnalyticsCsvFigure,
  analyticsEventsQuerySchema,
  analyticsEventsSchema,
  analyticsHeatmapQuerySchema,
  analyticsHeatmapSchema,
  analyticsQuerySchema,
  analyticsStorageSchema,
  analyticsUptimeSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import { eventsCsv, footageCsv, heatmapCsv, outagesCsv, storageCsv, uptimeCsv } from './analytics-csv.ts';
import type { AnalyticsService } from './analytics.service.ts';

const tags = ['analytics'];
// Owners (role user, counted as manager), managers and administrators; a manager limited to some
// cameras sees their figures only.
const readers = access.roles('manager', 'admin');
const actor = (req: FastifyRequest) => scopedActor(req.session!);

const PERIOD =
  'from/to: ISO 8601, from before to, at most 366 days apart. siteId (the vms plan) or cameraId narrow it; ' +
  'days and hours are the workspace’s time zone (a site’s own when it has one)';

function sendCsv(reply: FastifyReply, figure: AnalyticsCsvFigure, q: { from: string; to: string }, body: string) {
  // The bounds as asked (a date, or an instant's date part): digits and dashes only.
  const day = (bound: string) => bound.slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="vigil-${figure}-${day(q.from)}-${day(q.to)}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

export function analyticsRoutes(app: FastifyInstance, { analytics }: { analytics: AnalyticsService }) {
  const route = apiRoutes(app, tags);

  /** A figure's JSON route and its `.csv` twin, with the same query. */
  function figure<Q extends z.ZodType, R>(
    name: AnalyticsCsvFigure,
    summary: string,
    query: Q,
    response: z.ZodType | null,
    read: (req: FastifyRequest, q: z.infer<Q>) => Promise<R>,
    csv: (figure: R) => string,
  ) {
    if (response) {
      route.get(
        `/api/v1/analytics/${name}`,
        { access: readers, summary: `${summary}. ${PERIOD}`, querystring: query, response: response },
        (req) => read(req, req.query as z.infer<Q>),
      );
    }
    route.get(
      `/api/v1/analytics/${name}.csv`,
      {
        access: readers,
        summary: `${summary}, as CSV (cells a spreadsheet would run as a formula are prefixed with an apostrophe)`,
        querystring: query,
        schema: { produces: ['text/csv'] },
      },
      async (req, reply) => {
        const q = req.query as z.infer<Q> & { from: string; to: string };
        return sendCsv(reply, name, q, csv(await read(req, q)));
      },
    );
  }

  figure(
    'events',
    'Events counted by local day or hour (every one of the period, zeros included), by camera or by site (the vms plan)',
    analyticsEventsQuerySchema,
    analyticsEventsSchema,
    (req, q) => analytics.events(actor(req), q),
    eventsCsv,
  );
  figure(
    'heatmap',
    'Events by local weekday (Monday 1 … Sunday 7) and hour of day: all 168 cells',
    analyticsHeatmapQuerySchema,
    analyticsHeatmapSchema,
    (req, q) => analytics.heatmap(actor(req), q),
    heatmapCsv,
  );
  figure(
    'uptime',
    'Each camera’s uptime over the period (from its creation, up to now): outages are its camera.offline events; the latest 50 listed',
    analyticsQuerySchema,
    analyticsUptimeSchema,
    (req, q) => analytics.uptime(actor(req), q),
    uptimeCsv,
  );
  figure(
    'outages',
    'Every outage of the period, newest first',
    analyticsQuerySchema,
    null,
    (req, q) => analytics.outages(actor(req), q),
    outagesCsv,
  );
  figure(
    'storage',
    'The workspace’s storage each day of the period (whole workspace only) and each camera’s footage and days kept',
    analyticsQuerySchema,
    analyticsStorageSchema,
    (req, q) => analytics.storage(actor(req), q),
    storageCsv,
  );
  figure(
    'footage',
    'Each camera’s footage stored and days kept (oldest footage to now)',
    analyticsQuerySchema,
    null,
    (req, q) => analytics.storage(actor(req), q),
    footageCsv,
  );
}
