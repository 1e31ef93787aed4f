import type { Db } from '@vigil/db';
import { AppError } from '../../lib/app-error.ts';
import { publish } from '../../lib/realtime.ts';
import { audit } from '../audit/audit.module.ts';
import { type Actor, type CameraWriteOptions, announceChange, auditAs, inTx } from './camera-rules.service.ts';
import { camerasRepo as repo } from './cameras.repo.ts';

/** The cameras service's deletion: the camera goes, and its owner's count of cameras follows. */
export function cameraDeletion({ db }: { db: Db }) {
  return {
    async remove(actor: Actor, id: string, opts?: CameraWriteOptions): Promise<void> {
      await inTx(db, opts, async (tx) => {
        const owner = await repo.lockOwner(tx, actor.workspaceId);
        const name = owner ? await repo.remove(tx, actor.workspaceId, actor.cameraIds, id) : undefined;
        if (!owner || name === undefined) throw new AppError('not-found');
        await repo.setCamerasCount(tx, owner.ownerId, await repo.count(tx, actor.workspaceId));
        await publish(tx, { topic: 'me', uid: owner.ownerId });
        await announceChange(tx, actor.workspaceId, id);
        await audit.record(tx, {
          targetType: 'camera',
          targetId: id,
          ...auditAs(opts, 'camera.deleted', { name }),
        });
      });
    },
  };
}
