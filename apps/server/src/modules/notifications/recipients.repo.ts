import { type DbOrTx, schema } from '@vigil/db';
import type { Preferences } from '@vigil/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';

const { users, workspaces, deviceTokens, webhooks, notificationSettings } = schema;

export interface Person {
  id: string;
  email: string;
  displayName: string;
  role: string;
  preferences: Preferences;
  isOwner: boolean;
}

/** Who and what may receive a workspace's notifications: its people, their devices, its integrations. */
export const recipientsRepo = {
  /** The workspace's active people (disabled accounts hear nothing). */
  async people(db: DbOrTx, workspaceId: string): Promise<Person[]> {
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        displayName: users.displayName,
        role: users.role,
        preferences: users.preferences,
        ownerId: workspaces.ownerId,
      })
      .from(users)
      .innerJoin(workspaces, eq(workspaces.id, users.workspaceId))
      .where(and(eq(users.workspaceId, workspaceId), isNull(users.disabledAt)));
    return rows.map(({ ownerId, ...p }) => ({ ...p, isOwner: p.id === ownerId }));
  },
  async activeTokens(db: DbOrTx, userIds: string[]) {
    if (!userIds.length) return [];
    return db
      .select({ token: deviceTokens.token, userId: deviceTokens.userId })
      .from(deviceTokens)
      .where(and(inArray(deviceTokens.userId, userIds), eq(deviceTokens.active, true)));
  },
  enabledWebhooks(db: DbOrTx, workspaceId: string) {
    return db
      .select({ id: webhooks.id, url: webhooks.url, kinds: webhooks.kinds })
      .from(webhooks)
      .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.enabled, true)));
  },
  async mqttConfigured(db: DbOrTx, workspaceId: string): Promise<boolean> {
    const [row] = await db
      .select({ url: notificationSettings.mqttUrl })
      .from(notificationSettings)
      .where(eq(notificationSettings.workspaceId, workspaceId));
    return Boolean(row?.url);
  },
};
