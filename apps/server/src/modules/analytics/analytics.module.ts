import { defineModule } from '../../kernel/module.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { createAnalyticsService } from './analytics.service.ts';

/**
 * Analytics: read-only figures. The event counts it reads are kept by triggers on `events`
 * (migration, decision 0010), so there is no job to run.
 */
export const analyticsModule = defineModule({
  name: 'analytics',
  serve: {
    register: (app, { db }) => analyticsRoutes(app, { analytics: createAnalyticsService({ db }) }),
  },
});
