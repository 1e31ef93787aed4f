import { type DbOrTx, schema } from '@vigil/db';
import { type SQL, and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type CameraScope, memberColumns } from '../../lib/camera-scope.ts';

const { reportSchedules: s, reportDeliveries, cameras, sites, users, memberships, workspaces } = schema;

export type ScheduleRow = typeof s.$inferSelect;
/** With its site's name and the zone its periods are read in (the site's, else the workspace's). */
export type ScheduleView = ScheduleRow & { siteName: string | null; creatorName: string | null; timeZone: string };

/** A member as a report's recipient: who they are, whether their account works, and the cameras they reach. */
export interface RecipientRow {
  userId: string;
  displayName: string;
  email: string;
  language: string;
  /** owner | manager | operator | viewer, or admin (an installation administrator) */
  role: string;
  disabled: boolean;
  /** null = every camera */
  cameraIds: string[] | null;
}

const uuids = (xs: readonly string[]) => sql`${sql.param([...xs])}::uuid[]`;
const creator = alias(users, 'creator');

/** The schedule covers only cameras within the scope (its site's, or every camera of the workspace). */
const coverageInScope = (scope: CameraScope): SQL | undefined =>
  scope === null
    ? undefined
    : sql`not exists (select 1 from ${cameras} c where c.workspace_id = ${s.workspaceId}
        and (${s.siteId} is null or c.site_id = ${s.siteId}) and not (c.id = any(${uuids(scope)})))`;

const viewColumns = {
  s,
  siteName: sites.name,
  creatorName: creator.displayName,
  timeZone: sql<string>`coalesce(${sites.timezone}, ${workspaces.timeZone})`,
};
const toView = (r: { s: ScheduleRow; siteName: string | null; creatorName: string | null; timeZone: string }) =>
  ({ ...r.s, siteName: r.siteName, creatorName: r.creatorName, timeZone: r.timeZone }) as ScheduleView;

export const reportSchedulesRepo = {
  async list(db: DbOrTx, workspaceId: string, scope: CameraScope): Promise<ScheduleView[]> {
    const rows = await db
      .select(viewColumns)
      .from(s)
      .innerJoin(workspaces, eq(workspaces.id, s.workspaceId))
      .leftJoin(sites, eq(sites.id, s.siteId))
      .leftJoin(creator, eq(creator.id, s.createdBy))
      .where(and(eq(s.workspaceId, workspaceId), coverageInScope(scope)))
      .orderBy(asc(s.createdAt), asc(s.id));
    return rows.map(toView);
  },

  async get(db: DbOrTx, workspaceId: string, scope: CameraScope, id: string): Promise<ScheduleView | undefined> {
    const [row] = await db
      .select(viewColumns)
      .from(s)
      .innerJoin(workspaces, eq(workspaces.id, s.workspaceId))
      .leftJoin(sites, eq(sites.id, s.siteId))
      .leftJoin(creator, eq(creator.id, s.createdBy))
      .where(and(eq(s.id, id), eq(s.workspaceId, workspaceId), coverageInScope(scope)));
    return row && toView(row);
  },

  /** Holds the row for a change (FOR UPDATE): the hourly job's claim waits for it. */
  async lock(db: DbOrTx, workspaceId: string, scope: CameraScope, id: string): Promise<ScheduleRow | undefined> {
    const [row] = await db
      .select()
      .from(s)
      .where(and(eq(s.id, id), eq(s.workspaceId, workspaceId), coverageInScope(scope)))
      .for('update');
    return row;
  },

  async count(db: DbOrTx, workspaceId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(s).where(eq(s.workspaceId, workspaceId));
    return row?.n ?? 0;
  },

  async insert(db: DbOrTx, row: typeof s.$inferInsert): Promise<ScheduleRow> {
    const [created] = await db.insert(s).values(row).returning();
    return created!;
  },

  async update(db: DbOrTx, id: string, patch: Partial<typeof s.$inferInsert>): Promise<void> {
    await db
      .update(s)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(s.id, id));
  },

  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(s).where(eq(s.id, id));
  },

  /** The cameras a schedule covers now: its site's, or every camera of the workspace. */
  async coverage(db: DbOrTx, workspaceId: string, siteId: string | null): Promise<string[]> {
    const rows = await db
      .select({ id: cameras.id })
      .from(cameras)
      .where(and(eq(cameras.workspaceId, workspaceId), siteId ? eq(cameras.siteId, siteId) : undefined))
      .orderBy(cameras.createdAt, cameras.id);
    return rows.map((r) => r.id);
  },

  /** Members of the workspace (all, or these), as recipients. */
  async members(db: DbOrTx, workspaceId: string, userIds?: readonly string[]): Promise<RecipientRow[]> {
    const rows = await db
      .select({ ...memberColumns(), preferences: users.preferences })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.workspaceId, workspaceId),
          userIds ? sql`${memberships.userId} = any(${uuids(userIds)})` : undefined,
        ),
      )
      .orderBy(asc(users.displayName), asc(users.id));
    return rows.map((r) => {
      // An installation admin and the workspace's owner are never limited (lib/camera-scope.ts).
      const role = r.storedRole === 'admin' ? 'admin' : r.membershipRole;
      return {
        userId: r.userId,
        displayName: r.displayName,
        email: r.email,
        language: r.preferences?.language === 'fr' ? 'fr' : 'en',
        role,
        disabled: r.disabledAt !== null,
        cameraIds: role === 'admin' || role === 'owner' ? null : r.cameraIds,
      };
    });
  },

  /** Every schedule with the zone its periods are read in (the site's, else the workspace's). */
  async all(db: DbOrTx): Promise<(ScheduleRow & { timeZone: string; workspaceName: string })[]> {
    const rows = await db
      .select({ s, workspaceZone: workspaces.timeZone, siteZone: sites.timezone, workspaceName: workspaces.name })
      .from(s)
      .innerJoin(workspaces, eq(workspaces.id, s.workspaceId))
      .leftJoin(sites, eq(sites.id, s.siteId));
    return rows.map((r) => ({ ...r.s, timeZone: r.siteZone ?? r.workspaceZone, workspaceName: r.workspaceName }));
  },

  /**
   * Claims a period for a schedule: true once per period. The 36 hours of slack keep a zone change
   * (which moves a period's start by hours, never by a day and a half) from claiming the same week twice.
   */
  async claimPeriod(db: DbOrTx, id: string, from: Date): Promise<ScheduleRow | undefined> {
    const [row] = await db
      .update(s)
      .set({ lastPeriodStart: from })
      .where(
        and(
          eq(s.id, id),
          or(
            isNull(s.lastPeriodStart),
            sql`${s.lastPeriodStart} < ${from.toISOString()}::timestamptz - interval '36 hours'`,
          ),
        ),
      )
      .returning();
    return row;
  },

  async addDeliveries(db: DbOrTx, reportId: string, userIds: readonly string[]): Promise<void> {
    if (!userIds.length) return;
    // Only people who still have an account (the recipients list keeps ids; the row references users).
    await db.execute(sql`
      insert into ${reportDeliveries} (report_id, user_id)
      select ${reportId}, u.id from ${users} u where u.id = any(${uuids(userIds)})
      on conflict do nothing`);
  },
};
