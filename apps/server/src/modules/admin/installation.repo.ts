import { type DbOrTx, schema } from '@vigil/db';
import type { DiskState } from '@vigil/shared';
import { and, eq, like, sql } from 'drizzle-orm';

/**
 * The installation_settings rows this module keeps: the disk guard's threshold (`storage.diskGuard`)
 * and installation alerts (`alert.<id>`), one row per alert, written by the process that raised it.
 * An alert names its process's node: one whose process is gone (no live vigil_nodes row) is not
 * listed, so a recorder killed while its disk was full does not leave an alert behind for good.
 */
const { installationSettings: t } = schema;
const DISK_GUARD_KEY = 'storage.diskGuard';
const ALERT_PREFIX = 'alert.';

export interface StoredAlert {
  kind: 'disk.only-protected';
  node: string;
  hostname: string;
  since: string;
  disk: DiskState;
}

export const installationRepo = {
  async diskGuard(db: DbOrTx): Promise<unknown> {
    const [row] = await db.select({ value: t.value }).from(t).where(eq(t.key, DISK_GUARD_KEY));
    return row?.value;
  },
  async saveDiskGuard(db: DbOrTx, value: unknown): Promise<void> {
    await db
      .insert(t)
      .values({ key: DISK_GUARD_KEY, value })
      .onConflictDoUpdate({ target: t.key, set: { value, updatedAt: sql`now()` } });
  },
  async raiseAlert(db: DbOrTx, id: string, value: StoredAlert): Promise<void> {
    const key = ALERT_PREFIX + id;
    await db
      .insert(t)
      .values({ key, value })
      .onConflictDoUpdate({ target: t.key, set: { value, updatedAt: sql`now()` } });
  },
  async clearAlert(db: DbOrTx, id: string): Promise<void> {
    await db.delete(t).where(eq(t.key, ALERT_PREFIX + id));
  },
  /** Alerts whose process is alive, the oldest first. */
  async alerts(db: DbOrTx): Promise<{ id: string; value: StoredAlert }[]> {
    const rows = await db
      .select({ key: t.key, value: t.value })
      .from(t)
      .where(
        and(
          like(t.key, `${ALERT_PREFIX}%`),
          sql`exists (select 1 from vigil_nodes n where n.id::text = ${t.value}->>'node' and n.expires_at > now())`,
        ),
      )
      .orderBy(t.createdAt);
    return rows.map((r) => ({ id: r.key.slice(ALERT_PREFIX.length), value: r.value as StoredAlert }));
  },
};
