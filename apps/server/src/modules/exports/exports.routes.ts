import { accessRole, createExportSchema, createdExportSchema, exportSchema, exportsListSchema } from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { ExportActor, ExportsService } from './exports.service.ts';

const tags = ['exports'];
// Whoever may watch footage may export it (viewer and up); deleting is checked in the service.
const members = access.signedIn;

const actor = (req: FastifyRequest): ExportActor => {
  const { user, workspace } = req.session!;
  const role = accessRole(user.role);
  return {
    ...scopedActor(req.session!),
    userId: user.id,
    isManager: role === 'manager' || role === 'admin',
    role: user.role,
    viewersMayExport: workspace.viewersMayExport,
  };
};

export function exportsRoutes(app: FastifyInstance, { exports }: { exports: ExportsService }) {
  const route = apiRoutes(app, tags);

  route.post(
    '/api/v1/exports',
    {
      access: members,
      summary:
        'Queue an MP4 export of [from, to) of one camera (at most an hour, copied without re-encoding); viewers only while their workspace lets them',
      body: createExportSchema,
      response: createdExportSchema,
      status: 201,
    },
    (req) => exports.create(actor(req), req.body),
  );

  route.get(
    '/api/v1/exports',
    { access: members, summary: 'Exports of the workspace, newest first', response: exportsListSchema },
    (req) => exports.list(actor(req)),
  );

  route.object('/api/v1/exports/:id', actor, exports, {
    get: {
      access: members,
      summary: 'One export; downloadUrl is signed and short-lived (local: honours Range; S3: a presigned URL)',
      response: exportSchema,
    },
    remove: { access: members, summary: 'Delete an export and its file (managers, or whoever asked for it)' },
  });

  route.get(
    '/api/v1/exports/:id/download',
    {
      access: members,
      summary:
        'Download a finished export: redirects (302) to a fresh short-lived link, and records the download in the audit log',
      params: idParams,
    },
    async (req, reply) => reply.redirect(await exports.download(actor(req), req.params.id), 302),
  );
}
