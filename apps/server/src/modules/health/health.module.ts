import { defineModule } from '../../kernel/module.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness: answered by every process, whatever its roles. */
export const healthModule = defineModule({
  name: 'health',
  probe: {
    register: (app, { pingDatabase, embedded, version, readiness }) =>
      healthRoutes(app, { pingDatabase, embedded, version, readiness }),
  },
});
