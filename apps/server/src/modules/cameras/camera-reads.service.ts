import type { Db } from '@vigil/db';
import type { Camera, CameraList, CameraOnvifColumn, ListQuery } from '@vigil/shared';
import { type Actor, mustFind } from './camera-rules.service.ts';
import { toCamera } from './camera-view.ts';
import { camerasRepo as repo } from './cameras.repo.ts';

/** The cameras service's reads: the list, one camera, and what the ONVIF client needs of one. */
export function cameraReads({ db }: { db: Db }) {
  return {
    async list(actor: Actor, query: ListQuery): Promise<CameraList> {
      // A member limited to some cameras is not shown the workspace's count against the limit.
      const page = await repo.list(db, actor.workspaceId, actor.cameraIds, query, actor.cameraIds === null);
      return {
        items: page.rows.map((r) => toCamera(r, page.arming)),
        nextCursor: page.nextCursor,
        quota: page.quota,
      };
    },

    async get(actor: Actor, id: string): Promise<Camera> {
      const row = await mustFind(db, actor, id);
      return toCamera(row, await repo.armingContext(db, actor.workspaceId));
    },

    /**
     * What the ONVIF client needs to talk to a camera's device (its kept device, its user and
     * sealed password), after the same workspace and camera-scope check as every camera route.
     */
    async device(actor: Actor, id: string) {
      const row = await mustFind(db, actor, id);
      return {
        id: row.id,
        name: row.name,
        onvif: row.onvif as CameraOnvifColumn | null,
        sourceUsername: row.sourceUsername,
        sourcePasswordEnc: row.sourcePasswordEnc,
      };
    },
  };
}
