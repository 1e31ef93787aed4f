import { defineModule } from '../../kernel/module.ts';
import { createCameraImportTask } from './camera-import-job.service.ts';
import { cameraImportRoutes } from './camera-import.routes.ts';
import { createCameraImportService } from './camera-import.service.ts';
import { createDiscoveryService } from './discovery.service.ts';

export { createCameraImportTask } from './camera-import-job.service.ts';

/**
 * Adding cameras to a site in bulk. Serve: the CSV import and ONVIF discovery. Work: the
 * `camera-import` job, which probes and creates the import's lines through the cameras service.
 */
export const cameraImportModule = defineModule({
  name: 'camera-import',
  auditActions: ['camera.import-started', 'camera.discovery-run'],
  serve: {
    needs: ['onvif'],
    register: (app, { db, secrets, policy, config, get }) => {
      const discovery = createDiscoveryService({ policy, onvif: get('onvif'), ...config.onvifDiscovery });
      cameraImportRoutes(app, { imports: createCameraImportService({ db, secrets, discovery }) });
    },
  },
  work: {
    needs: ['cameras'],
    start: ({ db, secrets, get }) => {
      const task = createCameraImportTask({ db, secrets, cameras: get('cameras') });
      return { tasks: { 'camera-import': (p, job) => task.run(p.id, job) } };
    },
  },
});
