import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import { sitesRoutes } from './sites.routes.ts';
import { createSitesService } from './sites.service.ts';

/** Sites' front door (issue 13, the multi-site VMS area): the API. */
export function sitesModule(app: FastifyInstance, deps: { db: Db; mapTileUrl: string | null }): void {
  sitesRoutes(app, { sites: createSitesService(deps) });
}
