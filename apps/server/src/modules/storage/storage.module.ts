import { defineModule } from '../../kernel/module.ts';
import { storageRoutes } from './storage.routes.ts';
import { createStorageService } from './storage.service.ts';

/** The workspace's files (photos, attachments) in the configured storage: the API. */
export const storageModule = defineModule({
  name: 'storage',
  serve: {
    register: (app, { db, storage }) => storageRoutes(app, { storage, files: createStorageService({ db, storage }) }),
  },
});
