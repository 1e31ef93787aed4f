import { cameraImportInputSchema, cameraImportSchema, discoverInputSchema, discoveryResultSchema } from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { CameraImportService, ScopedActor } from './camera-import.service.ts';

const tags = ['sites'];
const siteParams = z.object({ id: z.string().uuid() });
// Adding cameras is the managers' (owners, managers, admins), as on the cameras page.
const managers = access.roles('manager', 'admin');
/** 500 lines of long URLs: above the API's 64 KB default. */
const IMPORT_BODY_LIMIT = 512 * 1024;

const actor = (req: FastifyRequest): ScopedActor => ({ ...scopedActor(req.session!), uid: req.session!.user.id });

export function cameraImportRoutes(app: FastifyInstance, { imports }: { imports: CameraImportService }) {
  const route = apiRoutes(app, tags);

  route.post(
    '/api/v1/sites/:id/cameras/import',
    {
      access: managers,
      summary:
        'Add cameras to a site in bulk (vms plan): csv (name, url, username, password, recording mode; header row ' +
        'optional) or rows. Lines are checked at once (refused lines have their result in the answer); the rest ' +
        'are probed and created by a job: poll GET /api/v1/camera-imports/:id. At most 500 lines',
      params: siteParams,
      body: cameraImportInputSchema,
      response: cameraImportSchema,
      status: 201,
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    (req) => imports.start(actor(req), req.params.id, req.body),
  );

  route.get(
    '/api/v1/camera-imports/:id',
    {
      access: managers,
      summary: 'A camera import: its status, progress and the result of each line so far (vms plan)',
      params: siteParams,
      response: cameraImportSchema,
    },
    (req) => imports.get(actor(req), req.params.id),
  );

  route.get(
    '/api/v1/camera-imports/:id/results.csv',
    {
      access: managers,
      summary:
        'The import’s line-by-line report as CSV (cells a spreadsheet would run as a formula are prefixed with an ' +
        'apostrophe)',
      params: siteParams,
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="camera-import-${req.params.id}.csv"`)
        .send(await imports.resultsCsv(actor(req), req.params.id)),
  );

  route.post(
    '/api/v1/sites/:id/discover',
    {
      access: managers,
      summary:
        'Find ONVIF cameras (vms plan): WS-Discovery on the server’s network (and by unicast to targets), then each ' +
        'device’s profiles and RTSP stream URIs, signed with the credentials when given. Addresses the outbound ' +
        'policy refuses are listed as skipped, never contacted',
      params: siteParams,
      body: discoverInputSchema,
      response: discoveryResultSchema,
    },
    (req) => imports.discover(actor(req), req.params.id, req.body),
  );
}
