import { type DbOrTx, schema } from '@vigil/db';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';

const { notificationSettings, cameras } = schema;

/** What the MQTT bridge reads: the workspaces with a broker, and their cameras' state. */
export const mqttBridgeRepo = {
  async linkedWorkspaces(db: DbOrTx) {
    return db
      .select({
        workspaceId: notificationSettings.workspaceId,
        sealedUrl: notificationSettings.mqttUrl,
        discovery: notificationSettings.mqttDiscovery,
      })
      .from(notificationSettings)
      .where(isNotNull(notificationSettings.mqttUrl));
  },

  /** The workspace's cameras (or one), with whether a motion event of theirs is open. */
  async cameras(db: DbOrTx, workspaceId: string, cameraId?: string) {
    return db
      .select({
        id: cameras.id,
        name: cameras.name,
        status: cameras.status,
        motion: sql<boolean>`exists (select 1 from events e where e.camera_id = cameras.id and e.kind = 'motion' and e.end_at is null)`,
      })
      .from(cameras)
      .where(and(eq(cameras.workspaceId, workspaceId), cameraId ? eq(cameras.id, cameraId) : undefined))
      .orderBy(asc(cameras.createdAt));
  },
};
