import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import type { OutboundPolicy } from '../../lib/outbound-policy.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { cameraImportRoutes } from './camera-import.routes.ts';
import { createCameraImportService } from './camera-import.service.ts';
import { createDiscoveryService } from './discovery.service.ts';

export { createCameraImportTask } from './camera-import-job.service.ts';

/**
 * Adding cameras to a site in bulk (issue 13), a serve process's front door: the CSV import
 * (its `camera-import` job runs in the work role: createCameraImportTask) and ONVIF discovery.
 */
export function cameraImportModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    secrets: SecretBox;
    policy: OutboundPolicy;
    onvifDiscovery: { multicast: boolean; targets: string[] };
  },
): void {
  const discovery = createDiscoveryService({ policy: deps.policy, ...deps.onvifDiscovery });
  cameraImportRoutes(app, { imports: createCameraImportService({ db: deps.db, secrets: deps.secrets, discovery }) });
}
