import { TOPICS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { realtimeRoutes } from './realtime.routes.ts';

/**
 * The server-sent event stream. It owns no topic: each module names the topics it publishes on,
 * and a topic of the shared catalogue no module owns fails start-up rather than being refused to
 * clients at run time.
 */
export const realtimeModule = defineModule({
  name: 'realtime',
  serve: {
    register: (app, { hub, embedded, topics }) => {
      const orphans = Object.values(TOPICS).filter((t) => !topics.has(t));
      if (orphans.length)
        throw new Error(`No module of this process owns the realtime topic(s): ${orphans.join(', ')}`);
      realtimeRoutes(app, { hub, embedded, topics });
    },
  },
});
