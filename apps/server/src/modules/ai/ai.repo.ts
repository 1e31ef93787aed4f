import { type DbOrTx, schema } from '@vigil/db';
import { and, eq, sql } from 'drizzle-orm';
import { cameraInScope, type CameraScope } from '../../lib/camera-scope.ts';

const { aiSettings, cameras } = schema;
export type AiSettingsRow = typeof aiSettings.$inferSelect;

/**
 * The start of the billing period AI analyses count in: a paid subscription's period, else (trial,
 * complimentary plan, none) the calendar month in UTC, so a quota without a billing cycle still
 * renews monthly.
 */
const periodSql = (workspaceId: string) => sql`coalesce(
  (select s.period_start from subscriptions s
     where s.workspace_id = ${workspaceId} and s.interval is not null and s.period_start is not null),
  date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`;

/** The owner's counter, 0 when it counted another period. */
const usedSql = sql`(case when u.ai_usage_period = p.period
  then coalesce(floor((u.usage->>'aiAnalysisUsed')::float8)::int, 0) else 0 end)`;
const quotaSql = sql`coalesce(floor((u.limits->>'aiAnalysisQuota')::float8)::int, 0)`;

export interface AiUsage {
  used: number;
  quota: number;
  periodStart: Date;
}

export const aiRepo = {
  async settings(db: DbOrTx, workspaceId: string): Promise<AiSettingsRow | undefined> {
    const [row] = await db.select().from(aiSettings).where(eq(aiSettings.workspaceId, workspaceId));
    return row;
  },

  async saveSettings(db: DbOrTx, row: typeof aiSettings.$inferInsert): Promise<void> {
    const { workspaceId: _, ...set } = row;
    await db.insert(aiSettings).values(row).onConflictDoUpdate({ target: aiSettings.workspaceId, set });
  },

  async usage(db: DbOrTx, workspaceId: string): Promise<AiUsage> {
    const { rows } = await db.execute<{ used: number; quota: number; period: string }>(sql`
      with p as (select ${periodSql(workspaceId)} as period)
      select ${usedSql} as used, ${quotaSql} as quota, p.period
      from users u, p where u.id = (select owner_id from workspaces where id = ${workspaceId})`);
    const r = rows[0];
    return { used: Number(r?.used ?? 0), quota: Number(r?.quota ?? 0), periodStart: new Date(r?.period ?? Date.now()) };
  },

  /**
   * Counts one analysis if the quota allows it: one conditional UPDATE of the owner's row, so
   * concurrent analyses queue on the row lock and each re-checks the count it finds (PostgreSQL
   * re-evaluates the WHERE on the newest row version), exactly `quota` of them pass. A new billing
   * period starts the counter again from 0. Undefined when the quota is used up.
   */
  async consume(db: DbOrTx, workspaceId: string): Promise<{ used: number; quota: number } | undefined> {
    const { rows } = await db.execute<{ used: number; quota: number }>(sql`
      with p as (select ${periodSql(workspaceId)} as period)
      update users u set
        usage = jsonb_set(u.usage, '{aiAnalysisUsed}', to_jsonb(${usedSql} + 1)),
        ai_usage_period = p.period
      from p
      where u.id = (select owner_id from workspaces where id = ${workspaceId}) and ${usedSql} < ${quotaSql}
      returning (u.usage->>'aiAnalysisUsed')::int as used, ${quotaSql} as quota`);
    const r = rows[0];
    return r ? { used: Number(r.used), quota: Number(r.quota) } : undefined;
  },

  /** Gives back an analysis that never ran (the provider failed), in the same period only. */
  async refund(db: DbOrTx, workspaceId: string): Promise<void> {
    await db.execute(sql`
      with p as (select ${periodSql(workspaceId)} as period)
      update users u set usage = jsonb_set(u.usage, '{aiAnalysisUsed}', to_jsonb(greatest(${usedSql} - 1, 0)))
      from p where u.id = (select owner_id from workspaces where id = ${workspaceId}) and u.ai_usage_period = p.period`);
  },

  /** A camera of the workspace the member reaches, with what analysing it needs. */
  async camera(db: DbOrTx, workspaceId: string, scope: CameraScope, id: string) {
    const [row] = await db
      .select({
        id: cameras.id,
        name: cameras.name,
        enabled: cameras.enabled,
        ai: cameras.ai,
        motion: cameras.motion,
      })
      .from(cameras)
      .where(and(eq(cameras.workspaceId, workspaceId), eq(cameras.id, id), cameraInScope(cameras.id, scope)));
    return row;
  },
};
