import { accessRole, createExportSchema, createdExportSchema, exportSchema, exportsListSchema } from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { ExportActor, ExportsService } from './exports.service.ts';

const tags = ['exports'];
const idParams = z.object({ id: z.string().uuid() });
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

export function exportsRoutes(app: FastifyInstance, deps: { exports: ExportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { exports } = deps;

  r.post(
    '/api/v1/exports',
    {
      config: { access: members },
      schema: {
        tags,
        summary:
          'Queue an MP4 export of [from, to) of one camera (at most an hour, copied without re-encoding); viewers only while their workspace lets them',
        body: createExportSchema,
        response: { 201: createdExportSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await exports.create(actor(req), req.body)),
  );

  r.get(
    '/api/v1/exports',
    {
      config: { access: members },
      schema: { tags, summary: 'Exports of the workspace, newest first', response: { 200: exportsListSchema } },
    },
    async (req) => exports.list(actor(req)),
  );

  r.get(
    '/api/v1/exports/:id',
    {
      config: { access: members },
      schema: {
        tags,
        summary: 'One export; downloadUrl is signed and short-lived (local: honours Range; S3: a presigned URL)',
        params: idParams,
        response: { 200: exportSchema },
      },
    },
    async (req) => exports.get(actor(req), req.params.id),
  );

  r.get(
    '/api/v1/exports/:id/download',
    {
      config: { access: members },
      schema: {
        tags,
        summary:
          'Download a finished export: redirects (302) to a fresh short-lived link, and records the download in the audit log',
        params: idParams,
      },
    },
    async (req, reply) => reply.redirect(await exports.download(actor(req), req.params.id), 302),
  );

  r.delete(
    '/api/v1/exports/:id',
    {
      config: { access: members },
      schema: { tags, summary: 'Delete an export and its file (managers, or whoever asked for it)', params: idParams },
    },
    async (req, reply) => {
      await exports.remove(actor(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
