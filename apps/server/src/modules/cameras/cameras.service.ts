import type { Db } from '@vigil/db';
import type { OutboundPolicy } from '../../lib/outbound-policy.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { OnvifService } from '../onvif/onvif.module.ts';
import { cameraCreation } from './camera-create.service.ts';
import { cameraDeletion } from './camera-delete.service.ts';
import { cameraProbes } from './camera-probes.service.ts';
import { cameraReads } from './camera-reads.service.ts';
import { cameraUpdates } from './camera-updates.service.ts';
import type { probe as runProbe } from './probe.ts';

export type { Actor, CameraWriteOptions } from './camera-rules.service.ts';

export type CamerasService = ReturnType<typeof createCamerasService>;

/**
 * The cameras service: one object over its parts, each in a file of its own (reads, creation,
 * updates, deletion, connection tests). Bulk operations, imports, live viewing and PTZ call it, so
 * what it offers and what it is built from stay as one.
 */
export function createCamerasService(deps: {
  db: Db;
  secrets: SecretBox;
  policy: OutboundPolicy;
  probe?: typeof runProbe;
  /** Resolves an ONVIF source to its RTSP streams (absent where no ONVIF camera is added). */
  onvif?: Pick<OnvifService, 'resolveSource'>;
}) {
  return {
    ...cameraReads(deps),
    ...cameraCreation(deps),
    ...cameraUpdates(deps),
    ...cameraDeletion(deps),
    ...cameraProbes(deps),
  };
}
