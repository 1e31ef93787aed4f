import {
  createSiteSchema,
  siteAccessSchema,
  siteCamerasSchema,
  siteDetailsSchema,
  siteListQuerySchema,
  siteSchema,
  updateSiteAccessSchema,
  updateSiteSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { SitesActor, SitesService } from './sites.service.ts';

const tags = ['sites'];
const idParams = z.object({ id: z.string().uuid() });
// Every member of a workspace on the vms plan sees the sites they reach; owners and managers change them.
const members = access.signedIn;
const managers = access.roles('manager', 'admin');
const listSchema = z.object({
  items: z.array(siteSchema),
  tags: z.array(z.string()),
  mapTileUrl: z.string().nullable(),
});

const actor = (req: FastifyRequest): SitesActor => {
  const session = req.session!;
  const scope = scopedActor(session);
  return {
    ...scope,
    uid: session.user.id,
    siteIds: scope.cameraIds === null ? null : (session.membership.siteIds ?? null),
  };
};

export function sitesRoutes(app: FastifyInstance, deps: { sites: SitesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sites } = deps;

  r.get(
    '/api/v1/sites',
    {
      config: { access: members },
      schema: {
        tags,
        summary:
          'Sites with their figures (cameras online/offline, open alerts of the last 7 days, storage), most ' +
          'attention first; every tag in use; the installation’s map tile URL (null: no map). The vms plan',
        querystring: siteListQuerySchema,
        response: { 200: listSchema },
      },
    },
    async (req) => sites.list(actor(req), req.query),
  );

  r.post(
    '/api/v1/sites',
    {
      config: { access: managers },
      schema: { tags, summary: 'Add a site (the vms plan)', body: createSiteSchema, response: { 201: siteSchema } },
    },
    async (req, reply) => reply.status(201).send(await sites.create(actor(req), req.body)),
  );

  r.get(
    '/api/v1/sites/:id',
    {
      config: { access: members },
      schema: {
        tags,
        summary: 'A site with its cameras and health (uptime since the month began, last recording)',
        params: idParams,
        response: { 200: siteDetailsSchema },
      },
    },
    async (req) => sites.get(actor(req), req.params.id),
  );

  r.patch(
    '/api/v1/sites/:id',
    {
      config: { access: managers },
      schema: {
        tags,
        summary:
          'Change a site. A default schedule or retention applies to its cameras now and to each camera that joins it',
        params: idParams,
        body: updateSiteSchema,
        response: { 200: siteSchema },
      },
    },
    async (req) => sites.update(actor(req), req.params.id, req.body),
  );

  r.delete(
    '/api/v1/sites/:id',
    {
      config: { access: managers },
      schema: { tags, summary: 'Delete a site; its cameras stay, in no site', params: idParams },
    },
    async (req, reply) => {
      await sites.remove(actor(req), req.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/v1/sites/:id/cameras',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Move cameras into the site (from any other) or out of it; the site’s defaults apply to those joining',
        params: idParams,
        body: siteCamerasSchema,
        response: { 200: siteDetailsSchema },
      },
    },
    async (req) => sites.moveCameras(actor(req), req.params.id, req.body),
  );

  r.get(
    '/api/v1/sites/:id/access',
    {
      config: { access: managers },
      schema: { tags, summary: 'Who of the team sees the site', params: idParams, response: { 200: siteAccessSchema } },
    },
    async (req) => sites.access(actor(req), req.params.id),
  );

  r.put(
    '/api/v1/sites/:id/access',
    {
      config: { access: managers },
      schema: {
        tags,
        summary:
          'Members limited to sites or cameras who may see this site (the others lose it); members who see every ' +
          'camera stay so',
        params: idParams,
        body: updateSiteAccessSchema,
        response: { 200: siteAccessSchema },
      },
    },
    async (req) => sites.setAccess(actor(req), req.params.id, req.body.userIds),
  );
}
