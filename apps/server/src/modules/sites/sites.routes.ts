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
import { z } from 'zod';
import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { SitesActor, SitesService } from './sites.service.ts';

const tags = ['sites'];
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

export function sitesRoutes(app: FastifyInstance, { sites }: { sites: SitesService }) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/sites',
    {
      access: members,
      summary:
        'Sites with their figures (cameras online/offline, open alerts of the last 7 days, storage), most ' +
        'attention first; every tag in use; the installation’s map tile URL (null: no map). The vms plan',
      querystring: siteListQuerySchema,
      response: listSchema,
    },
    (req) => sites.list(actor(req), req.query),
  );

  route.post(
    '/api/v1/sites',
    {
      access: managers,
      summary: 'Add a site (the vms plan)',
      body: createSiteSchema,
      response: siteSchema,
      status: 201,
    },
    (req) => sites.create(actor(req), req.body),
  );

  route.object('/api/v1/sites/:id', actor, sites, {
    get: {
      access: members,
      summary: 'A site with its cameras and health (uptime since the month began, last recording)',
      response: siteDetailsSchema,
    },
    update: {
      access: managers,
      summary:
        'Change a site. A default schedule or retention applies to its cameras now and to each camera that joins it',
      body: updateSiteSchema,
      response: siteSchema,
    },
    remove: { access: managers, summary: 'Delete a site; its cameras stay, in no site' },
  });

  route.post(
    '/api/v1/sites/:id/cameras',
    {
      access: managers,
      summary: 'Move cameras into the site (from any other) or out of it; the site’s defaults apply to those joining',
      params: idParams,
      body: siteCamerasSchema,
      response: siteDetailsSchema,
    },
    (req) => sites.moveCameras(actor(req), req.params.id, req.body),
  );

  route.get(
    '/api/v1/sites/:id/access',
    { access: managers, summary: 'Who of the team sees the site', params: idParams, response: siteAccessSchema },
    (req) => sites.access(actor(req), req.params.id),
  );

  route.put(
    '/api/v1/sites/:id/access',
    {
      access: managers,
      summary:
        'Members limited to sites or cameras who may see this site (the others lose it); members who see every ' +
        'camera stay so',
      params: idParams,
      body: updateSiteAccessSchema,
      response: siteAccessSchema,
    },
    (req) => sites.setAccess(actor(req), req.params.id, req.body.userIds),
  );
}
