import { type DbOrTx, schema } from '@vigil/db';
import type { AuditVerifyResult } from '@vigil/shared';
import { eq, sql } from 'drizzle-orm';

/**
 * The outcome of the last Verify of the whole installation (every chain), kept so the
 * administrator's dashboard can say when the log was last proven whole without re-running it:
 * a Verify reads every entry, far too much for a page that refreshes on every camera's news.
 */
const { installationSettings: t } = schema;
const KEY = 'audit.lastVerification';

export interface LastAuditVerification {
  at: string;
  ok: boolean;
  entries: number;
  checkpointAt: string | null;
}

export async function saveLastVerification(db: DbOrTx, result: AuditVerifyResult): Promise<void> {
  const value: LastAuditVerification = {
    at: new Date().toISOString(),
    ok: result.ok,
    entries: result.entries,
    checkpointAt: result.checkpointAt,
  };
  await db
    .insert(t)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: t.key, set: { value, updatedAt: sql`now()` } });
}

export async function lastAuditVerification(db: DbOrTx): Promise<LastAuditVerification | null> {
  const [row] = await db.select({ value: t.value }).from(t).where(eq(t.key, KEY));
  return (row?.value as LastAuditVerification | undefined) ?? null;
}
