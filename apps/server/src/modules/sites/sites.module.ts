import { TOPICS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { sitesRoutes } from './sites.routes.ts';
import { createSitesService } from './sites.service.ts';

/** Sites (the multi-site VMS area): the API. */
export const sitesModule = defineModule({
  name: 'sites',
  auditActions: ['site.created', 'site.updated', 'site.deleted', 'site.cameras-moved', 'site.access-changed'],
  serve: {
    topics: [TOPICS.sites],
    register: (app, { db, config }) =>
      sitesRoutes(app, { sites: createSitesService({ db, mapTileUrl: config.mapTileUrl }) }),
  },
});
