import { type DbOrTx, schema } from '@vigil/db';
import { type SQL, and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CameraScope } from '../../lib/camera-scope.ts';
import { cameraInScope } from '../../lib/camera-scope.ts';

const { reports, reportDeliveries, cameras, sites, users, workspaces } = schema;

export type ReportRow = typeof reports.$inferSelect;
/** A report with the names its answer shows. */
export type ReportView = ReportRow & { siteName: string | null; requesterName: string | null };

const uuids = (xs: readonly string[]) => sql`${sql.param([...xs])}::uuid[]`;

/** A report is visible to whoever may see every camera it covers (a limited manager: only those within reach). */
export const reportInScope = (scope: CameraScope): SQL | undefined =>
  scope === null ? undefined : sql`${reports.cameraIds} <@ ${uuids(scope)}`;

const view = { r: reports, siteName: sites.name, requesterName: users.displayName };
const toView = (row: { r: ReportRow; siteName: string | null; requesterName: string | null }): ReportView => ({
  ...row.r,
  siteName: row.siteName,
  requesterName: row.requesterName,
});

export const reportsRepo = {
  async workspace(db: DbOrTx, workspaceId: string): Promise<{ name: string; timeZone: string } | undefined> {
    const [row] = await db
      .select({ name: workspaces.name, timeZone: workspaces.timeZone })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    return row;
  },

  async site(db: DbOrTx, workspaceId: string, siteId: string) {
    const [row] = await db
      .select({ id: sites.id, name: sites.name, timezone: sites.timezone })
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.workspaceId, workspaceId)));
    return row;
  },

  /** Cameras of the workspace within the scope, optionally of one site and among given ids. */
  async cameraIds(
    db: DbOrTx,
    workspaceId: string,
    scope: CameraScope,
    o: { siteId?: string | null; ids?: readonly string[] },
  ): Promise<{ id: string; siteId: string | null }[]> {
    return db
      .select({ id: cameras.id, siteId: cameras.siteId })
      .from(cameras)
      .where(
        and(
          eq(cameras.workspaceId, workspaceId),
          cameraInScope(cameras.id, scope),
          o.siteId ? eq(cameras.siteId, o.siteId) : undefined,
          o.ids ? sql`${cameras.id} = any(${uuids(o.ids)})` : undefined,
        ),
      )
      .orderBy(cameras.createdAt, cameras.id);
  },

  async insert(db: DbOrTx, row: typeof reports.$inferInsert): Promise<ReportRow | undefined> {
    // A schedule's period already made: nothing (the unique index on schedule and period start).
    const [created] = await db.insert(reports).values(row).onConflictDoNothing().returning();
    return created;
  },

  async list(db: DbOrTx, workspaceId: string, scope: CameraScope, limit: number): Promise<ReportView[]> {
    const rows = await db
      .select(view)
      .from(reports)
      .leftJoin(sites, eq(sites.id, reports.siteId))
      .leftJoin(users, eq(users.id, reports.requestedBy))
      .where(and(eq(reports.workspaceId, workspaceId), reportInScope(scope)))
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(limit);
    return rows.map(toView);
  },

  async get(db: DbOrTx, workspaceId: string, scope: CameraScope, id: string): Promise<ReportView | undefined> {
    const [row] = await db
      .select(view)
      .from(reports)
      .leftJoin(sites, eq(sites.id, reports.siteId))
      .leftJoin(users, eq(users.id, reports.requestedBy))
      .where(and(eq(reports.id, id), eq(reports.workspaceId, workspaceId), reportInScope(scope)));
    return row && toView(row);
  },

  /** For the jobs: a report whatever its workspace. */
  async byId(db: DbOrTx, id: string): Promise<ReportRow | undefined> {
    const [row] = await db.select().from(reports).where(eq(reports.id, id));
    return row;
  },

  async remove(db: DbOrTx, workspaceId: string, id: string): Promise<void> {
    await db.delete(reports).where(and(eq(reports.id, id), eq(reports.workspaceId, workspaceId)));
  },

  /** Marks a report rendering; undefined when it is gone or already done (a retried job then does nothing). */
  async claim(db: DbOrTx, id: string): Promise<ReportRow | undefined> {
    const [row] = await db
      .update(reports)
      .set({ status: 'running', progress: 0, updatedAt: new Date() })
      .where(and(eq(reports.id, id), inArray(reports.status, ['queued', 'running', 'failed'])))
      .returning();
    return row;
  },

  async update(
    db: DbOrTx,
    id: string,
    patch: Partial<Pick<ReportRow, 'status' | 'progress' | 'bytes' | 'path' | 'error'>>,
  ): Promise<void> {
    await db
      .update(reports)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(reports.id, id));
  },

  async hasDeliveries(db: DbOrTx, reportId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: reportDeliveries.id })
      .from(reportDeliveries)
      .where(eq(reportDeliveries.reportId, reportId))
      .limit(1);
    return !!row;
  },

  /** The deliveries that will not go because the report could not be made. */
  async skipPendingDeliveries(db: DbOrTx, reportId: string, error: string): Promise<void> {
    await db
      .update(reportDeliveries)
      .set({ status: 'skipped', error, updatedAt: new Date() })
      .where(and(eq(reportDeliveries.reportId, reportId), inArray(reportDeliveries.status, ['pending', 'retrying'])));
  },
};
