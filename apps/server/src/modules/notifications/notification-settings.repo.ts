import { type DbOrTx, schema } from '@vigil/db';
import { eq } from 'drizzle-orm';

const { notificationSettings } = schema;

/** A workspace's integration settings row (the MQTT broker URL, sealed; Home Assistant discovery on or off). */
export const notificationSettingsRepo = {
  async sealedMqttUrl(db: DbOrTx, workspaceId: string): Promise<string | null> {
    const [row] = await db
      .select({ url: notificationSettings.mqttUrl })
      .from(notificationSettings)
      .where(eq(notificationSettings.workspaceId, workspaceId));
    return row?.url ?? null;
  },
  /** Home Assistant discovery is on unless the workspace turned it off. */
  async mqttDiscovery(db: DbOrTx, workspaceId: string): Promise<boolean> {
    const [row] = await db
      .select({ on: notificationSettings.mqttDiscovery })
      .from(notificationSettings)
      .where(eq(notificationSettings.workspaceId, workspaceId));
    return row?.on ?? true;
  },
  async setMqttUrl(db: DbOrTx, workspaceId: string, sealed: string | null, discovery?: boolean): Promise<void> {
    const extra = discovery === undefined ? {} : { mqttDiscovery: discovery };
    await db
      .insert(notificationSettings)
      .values({ workspaceId, mqttUrl: sealed, ...extra })
      .onConflictDoUpdate({
        target: notificationSettings.workspaceId,
        set: { mqttUrl: sealed, ...extra, updatedAt: new Date() },
      });
  },
};
