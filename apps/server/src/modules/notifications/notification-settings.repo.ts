import { type DbOrTx, schema } from '@vigil/db';
import { eq } from 'drizzle-orm';

const { notificationSettings } = schema;

/** A workspace's integration settings row (the MQTT broker URL, sealed). */
export const notificationSettingsRepo = {
  async sealedMqttUrl(db: DbOrTx, workspaceId: string): Promise<string | null> {
    const [row] = await db
      .select({ url: notificationSettings.mqttUrl })
      .from(notificationSettings)
      .where(eq(notificationSettings.workspaceId, workspaceId));
    return row?.url ?? null;
  },
  async setMqttUrl(db: DbOrTx, workspaceId: string, sealed: string | null): Promise<void> {
    await db
      .insert(notificationSettings)
      .values({ workspaceId, mqttUrl: sealed })
      .onConflictDoUpdate({
        target: notificationSettings.workspaceId,
        set: { mqttUrl: sealed, updatedAt: new Date() },
      });
  },
};
