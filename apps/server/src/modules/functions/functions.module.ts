import { defineModule } from '../../kernel/module.ts';
import { functionsRoutes } from './functions.routes.ts';

export { type Callable, defineCallable } from '../../lib/callable.ts';

/**
 * The callable functions' dispatcher (`POST /api/fn/:name`): it owns no callable itself, it answers
 * for every module's (each module lists its own in its serve part's `callables`).
 */
export const functionsModule = defineModule({
  name: 'functions',
  serve: { register: (app, { callables }) => functionsRoutes(app, { callables }) },
});
