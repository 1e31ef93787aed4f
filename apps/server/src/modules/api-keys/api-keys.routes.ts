import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';
import type { ApiKeysService } from './api-keys.service.ts';

const tags = ['api-keys'];
// Owners and managers hand out keys; a key itself never makes, lists or revokes keys.
const managers = access.personOnly(access.roles('manager', 'admin'));

export function apiKeysRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeysService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { apiKeys } = deps;

  r.get(
    '/api/v1/api-keys',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'The workspace’s API keys (never the keys themselves): name, role, prefix, creator, expiry, last use',
        response: { 200: apiKeyListSchema },
      },
    },
    async (req) => apiKeys.list(req.session!),
  );

  r.post(
    '/api/v1/api-keys',
    {
      bodyLimit: 4 * 1024,
      config: { access: managers },
      schema: {
        tags,
        summary:
          'Create an API key (manager, operator or viewer; never above your own role). The key is in this answer only: use it as `Authorization: Bearer <key>`',
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema },
      },
    },
    async (req, reply) => reply.status(201).send(await apiKeys.create(req.session!, req.body)),
  );

  r.delete(
    '/api/v1/api-keys/:id',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Revoke an API key: the next request with it is refused (401)',
        params: z.object({ id: z.string().uuid() }),
      },
    },
    async (req, reply) => {
      await apiKeys.revoke(req.session!, req.params.id);
      return reply.status(204).send();
    },
  );
}
