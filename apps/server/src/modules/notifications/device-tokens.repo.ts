import { type DbOrTx, schema } from '@vigil/db';
import { and, desc, eq } from 'drizzle-orm';

const { deviceTokens, users } = schema;

export type DeviceTokenRow = typeof deviceTokens.$inferSelect;
export interface SaveDeviceToken {
  token: string;
  userId: string;
  platform: string;
  keys: { p256dh: string; auth: string } | null;
  userAgent: string | null;
}

export const deviceTokensRepo = {
  /**
   * Insert or refresh by token. A token another user saved moves to this one: a browser profile
   * that changed hands must not keep notifying its former owner.
   */
  async upsert(db: DbOrTx, t: SaveDeviceToken): Promise<DeviceTokenRow> {
    const now = new Date();
    const fields = { ...t, active: true, lastUsed: now, updatedAt: now };
    const [row] = await db
      .insert(deviceTokens)
      .values(fields)
      .onConflictDoUpdate({ target: deviceTokens.token, set: fields })
      .returning();
    return row!;
  },

  async listOf(db: DbOrTx, userId: string): Promise<DeviceTokenRow[]> {
    return db
      .select()
      .from(deviceTokens)
      .where(eq(deviceTokens.userId, userId))
      .orderBy(desc(deviceTokens.lastUsed), desc(deviceTokens.token));
  },

  /** A token with its owner's language and time zone, which the notification is written in. */
  async forSend(
    db: DbOrTx,
    token: string,
  ): Promise<(DeviceTokenRow & { language: string; timezone: string }) | undefined> {
    const [row] = await db
      .select({ t: deviceTokens, preferences: users.preferences })
      .from(deviceTokens)
      .innerJoin(users, eq(users.id, deviceTokens.userId))
      .where(eq(deviceTokens.token, token));
    return row && { ...row.t, language: row.preferences.language, timezone: row.preferences.timezone };
  },

  /** Deletes the token only if it is this user's; true when it was. */
  async removeOwn(db: DbOrTx, userId: string, token: string): Promise<boolean> {
    const rows = await db
      .delete(deviceTokens)
      .where(and(eq(deviceTokens.token, token), eq(deviceTokens.userId, userId)))
      .returning({ token: deviceTokens.token });
    return rows.length > 0;
  },
};

/** The push service said the subscription is gone (404/410): never send to it again until re-saved. */
export async function deactivate(db: DbOrTx, token: string): Promise<void> {
  await db
    .update(deviceTokens)
    .set({ active: false, updatedAt: new Date() })
    .where(and(eq(deviceTokens.token, token), eq(deviceTokens.active, true)));
}
