import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from './analytics.routes.ts';
import { createAnalyticsService } from './analytics.service.ts';

/**
 * Analytics' front door (issue 13): read-only figures for a serve process. The event counts it
 * reads are kept by triggers on `events` (migration, decision 0010), so there is no job to run.
 */
export function analyticsModule(app: FastifyInstance, deps: { db: Db }): void {
  analyticsRoutes(app, { analytics: createAnalyticsService(deps) });
}
