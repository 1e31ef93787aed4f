import { aiAnalyticsCsvQuerySchema, aiAnalyticsQuerySchema, aiAnalyticsSchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import { aiAnalyticsCsv } from './ai-analytics-csv.ts';
import type { AiAnalyticsService } from './ai-analytics.service.ts';

const tags = ['ai'];
// Owners (role user, counted as manager), managers and administrators, as analytics; a manager
// limited to some cameras sees their figures only.
const readers = access.roles('manager', 'admin');

const PERIOD =
  'from/to: ISO 8601 instants or dates (local midnight), from before to, at most 366 days apart; cameraId narrows it; ' +
  'days and hours are the workspace’s time zone. The AI-access plan feature is required (permission-denied otherwise)';

export function aiAnalyticsRoutes(app: FastifyInstance, { aiAnalytics }: { aiAnalytics: AiAnalyticsService }) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/ai/analytics',
    {
      access: readers,
      summary: `AI detections of a period: per label per day, per camera, by weekday × hour, and the quota used. ${PERIOD}`,
      querystring: aiAnalyticsQuerySchema,
      response: aiAnalyticsSchema,
    },
    (req) => aiAnalytics.figures(scopedActor(req.session!), req.query),
  );

  route.get(
    '/api/v1/ai/analytics.csv',
    {
      access: readers,
      summary:
        'One AI analytics figure as CSV (figure: labels = per day with a column per label, cameras, heatmap; ' +
        `cells a spreadsheet would run as a formula are prefixed with an apostrophe). ${PERIOD}`,
      querystring: aiAnalyticsCsvQuerySchema,
      schema: { produces: ['text/csv'] },
    },
    async (req, reply) => {
      const { figure, ...q } = req.query;
      const f = await aiAnalytics.figures(scopedActor(req.session!), q);
      const day = (bound: string) => bound.slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vigil-ai-${figure}-${day(q.from)}-${day(q.to)}.csv"`)
        .header('cache-control', 'no-store')
        .send(aiAnalyticsCsv(f, figure));
    },
  );
}
