import { defineModule } from '../../kernel/module.ts';
import { apiKeysRoutes } from './api-keys.routes.ts';
import { type ApiKeysService, createApiKeysService } from './api-keys.service.ts';

export type { ApiKeysService } from './api-keys.service.ts';

declare module '../../kernel/module.ts' {
  interface ServiceMap {
    'api-keys': ApiKeysService;
  }
}

/** API keys: their routes, and the service the auth service resolves `vgk_` bearers through. */
export const apiKeysModule = defineModule({
  name: 'api-keys',
  auditActions: ['api-key.created', 'api-key.revoked', 'api-key.used'],
  provides: { 'api-keys': ({ db }) => createApiKeysService({ db }) },
  serve: {
    register: (app, { get }) => apiKeysRoutes(app, { apiKeys: get('api-keys') }),
  },
});
