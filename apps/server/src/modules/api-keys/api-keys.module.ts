import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import { apiKeysRoutes } from './api-keys.routes.ts';
import { type ApiKeysService, createApiKeysService } from './api-keys.service.ts';

export type { ApiKeysService } from './api-keys.service.ts';

/**
 * API keys' front door. The service comes first (the auth service resolves `vgk_` bearers through
 * `resolve` on every request), the routes once the app's plugins are registered.
 */
export function createApiKeys(deps: { db: Db }): {
  service: ApiKeysService;
  register(app: FastifyInstance): void;
} {
  const service = createApiKeysService(deps);
  return { service, register: (app) => apiKeysRoutes(app, { apiKeys: service }) };
}
