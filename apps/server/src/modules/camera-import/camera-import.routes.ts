import { cameraImportInputSchema, cameraImportSchema, discoverInputSchema, discoveryResultSchema } from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

export function cameraImportRoutes(app: FastifyInstance, deps: { imports: CameraImportService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { imports } = deps;

  r.post(
    '/api/v1/sites/:id/cameras/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { access: managers },
      schema: {
        tags,
        summary:
          'Add cameras to a site in bulk (vms plan): csv (name, url, username, password, recording mode; header row ' +
          'optional) or rows. Lines are checked at once (refused lines have their result in the answer); the rest ' +
          'are probed and created by a job: poll GET /api/v1/camera-imports/:id. At most 500 lines',
        params: siteParams,
        body: cameraImportInputSchema,
        response: { 201: cameraImportSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await imports.start(actor(req), req.params.id, req.body)),
  );

  r.get(
    '/api/v1/camera-imports/:id',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'A camera import: its status, progress and the result of each line so far (vms plan)',
        params: siteParams,
        response: { 200: cameraImportSchema },
      },
    },
    async (req) => imports.get(actor(req), req.params.id),
  );

  r.get(
    '/api/v1/camera-imports/:id/results.csv',
    {
      config: { access: managers },
      schema: {
        tags,
        summary:
          'The import’s line-by-line report as CSV (cells a spreadsheet would run as a formula are prefixed with an ' +
          'apostrophe)',
        params: siteParams,
      },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="camera-import-${req.params.id}.csv"`)
        .send(await imports.resultsCsv(actor(req), req.params.id)),
  );

  r.post(
    '/api/v1/sites/:id/discover',
    {
      config: { access: managers },
      schema: {
        tags,
        summary:
          'Find ONVIF cameras (vms plan): WS-Discovery on the server’s network (and by unicast to targets), then each ' +
          'device’s profiles and RTSP stream URIs, signed with the credentials when given. Addresses the outbound ' +
          'policy refuses are listed as skipped, never contacted',
        params: siteParams,
        body: discoverInputSchema,
        response: { 200: discoveryResultSchema },
      },
    },
    async (req) => imports.discover(actor(req), req.params.id, req.body),
  );
}
