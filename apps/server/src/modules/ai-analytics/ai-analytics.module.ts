import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import { aiAnalyticsRoutes } from './ai-analytics.routes.ts';
import { createAiAnalyticsService } from './ai-analytics.service.ts';

/**
 * AI analytics' front door (issue 14): read-only figures of the `ai.detection` events for a serve
 * process, read from the events table itself (kind + time index), so there is no job to run.
 */
export function aiAnalyticsModule(app: FastifyInstance, deps: { db: Db }): void {
  aiAnalyticsRoutes(app, { aiAnalytics: createAiAnalyticsService(deps) });
}
