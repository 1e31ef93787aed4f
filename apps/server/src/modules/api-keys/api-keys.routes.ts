import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { access } from '../../plugins/access.ts';
import type { ApiKeysService } from './api-keys.service.ts';

const tags = ['api-keys'];
// Owners and managers hand out keys; a key itself never makes, lists or revokes keys.
const managers = access.personOnly(access.roles('manager', 'admin'));

export function apiKeysRoutes(app: FastifyInstance, { apiKeys }: { apiKeys: ApiKeysService }) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/api-keys',
    {
      access: managers,
      summary: 'The workspace’s API keys (never the keys themselves): name, role, prefix, creator, expiry, last use',
      response: apiKeyListSchema,
    },
    (req) => apiKeys.list(req.session!),
  );

  route.post(
    '/api/v1/api-keys',
    {
      access: managers,
      summary:
        'Create an API key (manager, operator or viewer; never above your own role). The key is in this answer only: use it as `Authorization: Bearer <key>`',
      body: createApiKeySchema,
      response: createdApiKeySchema,
      status: 201,
      bodyLimit: 4 * 1024,
    },
    (req) => apiKeys.create(req.session!, req.body),
  );

  route.delete(
    '/api/v1/api-keys/:id',
    {
      access: managers,
      summary: 'Revoke an API key: the next request with it is refused (401)',
      params: z.object({ id: z.string().uuid() }),
      status: 204,
    },
    (req) => apiKeys.revoke(req.session!, req.params.id),
  );
}
