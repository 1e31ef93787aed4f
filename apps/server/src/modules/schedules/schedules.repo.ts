import { type DbOrTx, schema } from '@vigil/db';
import type { Holiday, ScheduleRange } from '@vigil/shared';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';

const { schedules, cameras, workspaces } = schema;

export type ScheduleRow = typeof schedules.$inferSelect & { cameraCount: number };

const cameraCount = sql<number>`(select count(*)::int from ${cameras} c where c.schedule_id = "schedules"."id")`;

export const schedulesRepo = {
  async list(db: DbOrTx, workspaceId: string): Promise<ScheduleRow[]> {
    const rows = await db
      .select({ s: schedules, cameraCount })
      .from(schedules)
      .where(eq(schedules.workspaceId, workspaceId))
      .orderBy(asc(sql`lower(${schedules.name})`), asc(schedules.id));
    return rows.map((r) => ({ ...r.s, cameraCount: r.cameraCount }));
  },

  async get(db: DbOrTx, workspaceId: string, id: string): Promise<ScheduleRow | undefined> {
    const [row] = await db
      .select({ s: schedules, cameraCount })
      .from(schedules)
      .where(and(eq(schedules.id, id), eq(schedules.workspaceId, workspaceId)));
    return row && { ...row.s, cameraCount: row.cameraCount };
  },

  async count(db: DbOrTx, workspaceId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schedules)
      .where(eq(schedules.workspaceId, workspaceId));
    return row?.n ?? 0;
  },

  async insert(
    db: DbOrTx,
    row: { workspaceId: string; name: string; ranges: ScheduleRange[]; holidays: Holiday[] },
  ): Promise<ScheduleRow> {
    const [created] = await db.insert(schedules).values(row).returning();
    return { ...created!, cameraCount: 0 };
  },

  async update(
    db: DbOrTx,
    workspaceId: string,
    id: string,
    patch: Partial<{ name: string; ranges: ScheduleRange[]; holidays: Holiday[] }>,
  ): Promise<boolean> {
    const r = await db
      .update(schedules)
      .set(patch)
      .where(and(eq(schedules.id, id), eq(schedules.workspaceId, workspaceId)))
      .returning({ id: schedules.id });
    return r.length > 0;
  },

  /** Deletes it; its cameras fall back to "always armed" (ON DELETE SET NULL). Returns them. */
  async remove(db: DbOrTx, workspaceId: string, id: string): Promise<string[] | undefined> {
    const users = await this.camerasOf(db, id);
    const r = await db
      .delete(schedules)
      .where(and(eq(schedules.id, id), eq(schedules.workspaceId, workspaceId)))
      .returning({ id: schedules.id });
    return r.length ? users : undefined;
  },

  async camerasOf(db: DbOrTx, scheduleId: string): Promise<string[]> {
    const rows = await db.select({ id: cameras.id }).from(cameras).where(eq(cameras.scheduleId, scheduleId));
    return rows.map((r) => r.id);
  },

  async camerasWithSchedule(db: DbOrTx, workspaceId: string): Promise<string[]> {
    const rows = await db
      .select({ id: cameras.id })
      .from(cameras)
      .where(and(eq(cameras.workspaceId, workspaceId), isNotNull(cameras.scheduleId)));
    return rows.map((r) => r.id);
  },

  async timeZone(db: DbOrTx, workspaceId: string): Promise<string> {
    const [row] = await db.select({ tz: workspaces.timeZone }).from(workspaces).where(eq(workspaces.id, workspaceId));
    return row?.tz ?? 'UTC';
  },

  async setTimeZone(db: DbOrTx, workspaceId: string, timeZone: string): Promise<void> {
    await db.update(workspaces).set({ timeZone }).where(eq(workspaces.id, workspaceId));
  },
};
