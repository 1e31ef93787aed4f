import { defineModule } from '../../kernel/module.ts';
import { aiAnalyticsRoutes } from './ai-analytics.routes.ts';
import { createAiAnalyticsService } from './ai-analytics.service.ts';

/**
 * AI analytics: read-only figures of the `ai.detection` events, read from the events table itself
 * (kind + time index), so there is no job to run.
 */
export const aiAnalyticsModule = defineModule({
  name: 'ai-analytics',
  serve: {
    register: (app, { db }) => aiAnalyticsRoutes(app, { aiAnalytics: createAiAnalyticsService({ db }) }),
  },
});
