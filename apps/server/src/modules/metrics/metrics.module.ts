import { defineModule } from '../../kernel/module.ts';
import { metricsRoutes } from './metrics.routes.ts';
import { createMetricsService } from './metrics.service.ts';

/** Prometheus metrics: answered by every process (each counts its own), behind the metrics token. */
export const metricsModule = defineModule({
  name: 'metrics',
  probe: {
    register: (app, { db, config }) =>
      metricsRoutes(app, { metrics: createMetricsService({ db }), token: config.metricsToken }),
  },
});
