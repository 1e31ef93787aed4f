import { type DbOrTx, schema } from '@vigil/db';
import type { Preferences } from '@vigil/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type CameraScope, cameraScopeOf, memberScopeSql } from '../../lib/camera-scope.ts';
import { type Membership, effectiveRole } from '../../lib/session.ts';

const { users, workspaces, memberships, deviceTokens, webhooks, notificationSettings } = schema;

export interface Person {
  id: string;
  email: string;
  displayName: string;
  /** Their role in this workspace, as a session there would have it (auth/session.ts effectiveRole). */
  role: string;
  preferences: Preferences;
  isOwner: boolean;
  /** The cameras they may hear of: null = every camera. */
  cameraIds: CameraScope;
}

/** Who and what may receive a workspace's notifications: its people, their devices, its integrations. */
export const recipientsRepo = {
  /**
   * The workspace's active members (disabled accounts hear nothing), through `memberships`: the
   * owner and everyone invited in, each with their role and camera scope in this workspace.
   */
  async people(db: DbOrTx, workspaceId: string): Promise<Person[]> {
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        displayName: users.displayName,
        storedRole: users.role,
        preferences: users.preferences,
        ownerId: workspaces.ownerId,
        membership: { role: memberships.role, cameraIds: memberScopeSql() },
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(and(eq(memberships.workspaceId, workspaceId), isNull(users.disabledAt)));
    return rows.map(({ ownerId, storedRole, membership, ...p }) => {
      const isOwner = p.id === ownerId;
      const m: Membership = {
        role: isOwner ? 'owner' : (membership.role as Membership['role']),
        cameraIds: membership.cameraIds,
      };
      const role = effectiveRole(storedRole, m);
      return { ...p, role, isOwner, cameraIds: cameraScopeOf({ user: { role, workspaceId }, membership: m }) };
    });
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
