import type { Db } from '@vigil/db';
import type { Camera, CameraOnvifColumn, CreateCameraInput, CreateCameraRequest } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { publishSiteScopeChanged } from '../../lib/camera-scope.ts';
import type { OutboundPolicy } from '../../lib/outbound-policy.ts';
import { publish } from '../../lib/realtime.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { audit } from '../audit/audit.module.ts';
import { planGate } from '../billing/billing.module.ts';
import type { OnvifService } from '../onvif/onvif.module.ts';
import { columnsOfSource, columnsOfSubstream, quietUntilAsked } from './camera-source-columns.ts';
import { toCamera } from './camera-view.ts';
import { type Actor, announceChange, assertAllowed, cameraTarget, joinSite } from './camera-rules.service.ts';
import { camerasRepo as repo } from './cameras.repo.ts';

const DEFAULT_RETENTION_DAYS = 30;

/** The cameras service's creation: a new camera from its source (an ONVIF one resolved first) within the plan's limit. */
export function cameraCreation(deps: {
  db: Db;
  secrets: SecretBox;
  policy: OutboundPolicy;
  /** Resolves an ONVIF source to its RTSP streams (absent where no ONVIF camera is added). */
  onvif?: Pick<OnvifService, 'resolveSource'>;
}) {
  const { db, secrets, policy } = deps;

  /** An ONVIF source becomes the RTSP stream (and substream) of the profiles chosen, asked of the device now. */
  async function resolveOnvif(
    request: CreateCameraRequest,
  ): Promise<{ input: CreateCameraInput; onvif: CameraOnvifColumn | null }> {
    if (request.source.type !== 'onvif') return { input: request as CreateCameraInput, onvif: null };
    if (!deps.onvif) throw new AppError('failed-precondition', 'ONVIF sources cannot be added here.');
    const resolved = await deps.onvif.resolveSource(request.source);
    return {
      input: { ...request, source: resolved.source, substreamUrl: resolved.substreamUrl ?? request.substreamUrl },
      onvif: resolved.onvif,
    };
  }

  return {
    async create(actor: Actor, request: CreateCameraRequest): Promise<Camera> {
      // A member limited to some cameras works with those; the workspace's set of cameras is not theirs to grow.
      if (actor.cameraIds !== null)
        throw new AppError('permission-denied', 'Your access is limited to some cameras: you cannot add cameras.');
      const { input, onvif } = await resolveOnvif(request);
      if (input.source.type !== 'test-pattern') await assertAllowed(policy, input.source.url, 'source.url');
      if (input.substreamUrl) await assertAllowed(policy, input.substreamUrl, 'substreamUrl');
      return db.transaction(async (tx) => {
        const owner = await repo.lockOwner(tx, actor.workspaceId);
        if (!owner) throw new AppError('not-found');
        await planGate.assertWritable(tx, actor.workspaceId, 'Adding cameras');
        const count = await repo.count(tx, actor.workspaceId);
        if (count >= owner.maxCameras) {
          throw new AppError('failed-precondition', await planGate.limitMessage(tx, 'maxCameras', owner.maxCameras));
        }
        const site = input.siteId ? await joinSite(tx, actor, input.siteId, input) : {};
        const row = await repo.insert(tx, {
          workspaceId: actor.workspaceId,
          name: input.name,
          ...columnsOfSource(secrets, input.source),
          ...(input.substreamUrl ? columnsOfSubstream(secrets, input.substreamUrl) : {}),
          onvif,
          recordingMode: input.recordingMode,
          recordSound: input.recordSound ?? true,
          retentionDays: input.retentionDays ?? DEFAULT_RETENTION_DAYS,
          siteId: null,
          ...site,
          ...quietUntilAsked(input.source, owner.motionAlerts),
          enabled: true,
          status: 'offline',
          statusChangedAt: new Date(),
        });
        await repo.setCamerasCount(tx, owner.ownerId, count + 1);
        if (row.siteId) await publishSiteScopeChanged(tx, actor.workspaceId);
        await publish(tx, { topic: 'me', uid: owner.ownerId });
        await announceChange(tx, actor.workspaceId, row.id);
        await audit.record(tx, {
          action: 'camera.created',
          ...cameraTarget(row),
          details: { name: row.name, source: row.sourceType },
        });
        return toCamera(row, await repo.armingContext(tx, actor.workspaceId));
      });
    },

    /** Seals substream passwords that older versions kept in the URL (run once at start). */
    async sealLegacySubstreams(): Promise<number> {
      const rows = await repo.withSubstreamPasswordInUrl(db);
      for (const row of rows) await repo.setSubstream(db, row.id, columnsOfSubstream(secrets, row.substreamUrl));
      return rows.length;
    },
  };
}
