import { TOPICS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { createExportTask } from './exports-job.service.ts';
import { exportsRoutes } from './exports.routes.ts';
import { createExportsService } from './exports.service.ts';

/** Footage exports. Serve: the API, which queues an export. Work: the `export` task (one ffmpeg cut). */
export const exportsModule = defineModule({
  name: 'exports',
  auditActions: ['export.created', 'export.downloaded', 'export.deleted'],
  serve: {
    topics: [TOPICS.exports],
    register: (app, { db, storage }) => exportsRoutes(app, { exports: createExportsService({ db, storage }) }),
  },
  work: {
    start: ({ db, media, storage, workDir, log }) => {
      const task = createExportTask({ db, media, storage, workDir, log });
      return { tasks: { export: (p, job) => task.run(p.id, job) }, onStopping: () => task.stop() };
    },
  },
});
