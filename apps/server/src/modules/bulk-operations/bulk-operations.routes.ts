import {
  bulkOperationListSchema,
  bulkOperationSchema,
  bulkPreviewResultSchema,
  bulkPreviewSchema,
  createBulkOperationSchema,
  createdBulkOperationSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { BulkActor, BulkOperationsService } from './bulk-operations.service.ts';

const tags = ['bulk-operations'];
// Owners (user → manager), managers and admins change cameras; so do their manager API keys.
const managers = access.roles('manager', 'admin');

const actor = (req: FastifyRequest): BulkActor => ({
  ...scopedActor(req.session!),
  uid: req.session!.user.id,
  apiKeyId: req.session!.apiKeyId ?? null,
  ip: req.ip,
});

export function bulkOperationsRoutes(app: FastifyInstance, { bulk }: { bulk: BulkOperationsService }) {
  const route = apiRoutes(app, tags);

  route.post(
    '/api/v1/bulk-operations',
    {
      access: managers,
      summary:
        'Apply one change to many cameras (the vms plan): cameraIds, or a filter across sites (siteIds, ' +
        'withoutSite, site tags, status, model, q), within your camera access. A named camera of another ' +
        'workspace or outside your access refuses the whole request. Runs as a job; follow it with GET ' +
        '/api/v1/bulk-operations/:id or the bulk-operations realtime topic. delete needs expectedCount',
      body: createBulkOperationSchema,
      response: createdBulkOperationSchema,
      status: 201,
    },
    (req) => bulk.create(actor(req), req.body),
  );

  route.post(
    '/api/v1/bulk-operations/preview',
    {
      access: managers,
      summary:
        'The cameras a filter matches within your access: how many, the first 500 by name, and the models ' +
        '(codec and size as recorded) a filter can name',
      body: bulkPreviewSchema,
      response: bulkPreviewResultSchema,
    },
    (req) => bulk.preview(actor(req), req.body.filter),
  );

  route.get(
    '/api/v1/bulk-operations',
    {
      access: managers,
      summary: 'The 50 most recent bulk operations (a member limited to some cameras: their own), newest first',
      response: bulkOperationListSchema,
    },
    (req) => bulk.list(actor(req)),
  );

  route.get(
    '/api/v1/bulk-operations/:id',
    {
      access: managers,
      summary: 'One bulk operation: status, progress and every camera’s result (ok null: not reached yet)',
      params: idParams,
      response: bulkOperationSchema,
    },
    (req) => bulk.get(actor(req), req.params.id),
  );
}
