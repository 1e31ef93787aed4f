import { TOPICS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { watchCameras } from '../../video/camera-watch.ts';
import { camerasRoutes } from './cameras.routes.ts';
import { type CamerasService, createCamerasService } from './cameras.service.ts';

export type { Actor, CamerasService } from './cameras.service.ts';

declare module '../../kernel/module.ts' {
  interface ServiceMap {
    cameras: CamerasService;
  }
}

/**
 * Cameras: their API and the service bulk operations, imports and live viewing go through. Work:
 * each minute, cameras no recorder holds are reported offline.
 */
export const camerasModule = defineModule({
  name: 'cameras',
  auditActions: ['camera.created', 'camera.updated', 'camera.deleted'],
  // An ONVIF source is resolved to its RTSP streams by the ONVIF client before it is saved.
  needs: ['onvif'],
  provides: {
    cameras: ({ db, secrets, policy, get }) => createCamerasService({ db, secrets, policy, onvif: get('onvif') }),
  },
  serve: {
    topics: [TOPICS.cameras],
    register: async (app, { get }) => {
      const cameras = get('cameras');
      await cameras.sealLegacySubstreams();
      camerasRoutes(app, { cameras });
    },
  },
  work: {
    // The job key keeps one queued whatever the number of work processes.
    crontab: ['* * * * * camera-watch ?max=1&jobKey=camera-watch'],
    start: ({ db, log }) => ({
      tasks: {
        'camera-watch': async () => {
          const n = await watchCameras(db);
          if (n) log(`${n} camera(s) without a running recorder reported offline`);
        },
      },
    }),
  },
});
