import { type DbOrTx, schema } from '@vigil/db';
import type { Holiday, ListQuery, ScheduleRange } from '@vigil/shared';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { type CameraScope, cameraInScope } from '../../lib/camera-scope.ts';
import { type ListSpec, planList } from '../../lib/list-query.ts';
import type { ArmingContext, CameraRow } from './camera-view.ts';
import { isWorkspaceRow } from '../../lib/workspace-row.ts';

const c = schema.cameras;
const { users, workspaces, schedules, sites } = schema;

export type NewCamera = typeof c.$inferInsert;

/** A workspace rarely has more than a handful of cameras: one page of 100 is the default. */
const CAMERAS_PAGE = 100;

const camerasList: ListSpec = {
  filters: {
    status: { expr: sql`${c.status}`, type: 'text' },
    enabled: { expr: sql`${c.enabled}`, type: 'bool' },
    sourceType: { expr: sql`${c.sourceType}`, type: 'text' },
    siteId: { expr: sql`${c.siteId}::text`, type: 'text' },
  },
  sorts: {
    createdAt: { expr: sql`${c.createdAt}`, type: 'date' },
    name: { expr: sql`lower(${c.name})`, type: 'text' },
  },
  id: sql`${c.id}`,
  defaultSort: { field: 'createdAt', desc: false },
};

export interface OwnerUsage {
  ownerId: string;
  maxCameras: number;
  /** The workspace's default for a new camera's motion alerts. */
  motionAlerts: boolean;
}

/** The workspace owner, the plan's camera limit on their account (what every add counts against), the new camera default. */
const ownerUsage = (db: DbOrTx, workspaceId: string) =>
  db
    .select({
      ownerId: users.id,
      maxCameras: sql<number>`(${users.limits}->>'maxCameras')::int`,
      motionAlerts: workspaces.newCameraMotionAlerts,
    })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.ownerId, users.id))
    .where(eq(workspaces.id, workspaceId));

type ScheduleOfContext = { id: string; ranges: ScheduleRange[]; holidays: Holiday[] };

/**
 * The workspace's row with its zone, its schedules (a handful, as one JSON array) and, when asked,
 * the owner's camera limit and the workspace's camera count: what a list's arming and quota are
 * read from, as one row that a page of cameras joins.
 */
function contextOf(db: DbOrTx, workspaceId: string, withQuota: boolean) {
  return db
    .select({
      timeZone: sql<string>`${workspaces.timeZone}`.as('ctx_time_zone'),
      schedules: sql<ScheduleOfContext[]>`(select coalesce(json_agg(json_build_object(
          'id', ${schedules.id}, 'ranges', ${schedules.ranges}, 'holidays', ${schedules.holidays})), '[]'::json)
        from ${schedules} where ${schedules.workspaceId} = ${workspaceId})`.as('ctx_schedules'),
      ownerId: sql<string | null>`${withQuota ? sql`${users.id}` : sql`null`}`.as('ctx_owner_id'),
      maxCameras: sql<number | null>`${withQuota ? sql`(${users.limits}->>'maxCameras')::int` : sql`null`}`.as(
        'ctx_max_cameras',
      ),
      used: sql<number | null>`${
        withQuota ? sql`(select count(*)::int from ${c} where ${c.workspaceId} = ${workspaceId})` : sql`null`
      }`.as('ctx_used'),
    })
    .from(workspaces)
    .leftJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId))
    .as('ctx');
}

const toArmingContext = (row: { timeZone: string; schedules: ScheduleOfContext[] } | undefined): ArmingContext => ({
  timeZone: row?.timeZone ?? 'UTC',
  schedules: new Map((row?.schedules ?? []).map((s) => [s.id, { ranges: s.ranges, holidays: s.holidays }])),
});

export const camerasRepo = {
  /** The workspace's zone and schedules (a handful): what every camera's "armed" is read from. One query. */
  async armingContext(db: DbOrTx, workspaceId: string): Promise<ArmingContext> {
    const ctx = contextOf(db, workspaceId, false);
    const [row] = await db.select({ timeZone: ctx.timeZone, schedules: ctx.schedules }).from(ctx);
    return toArmingContext(row);
  },

  /** A site of the workspace with the defaults a camera joining it takes; undefined: none such. */
  async site(db: DbOrTx, workspaceId: string, siteId: string) {
    const [row] = await db
      .select({ id: sites.id, scheduleId: sites.defaultScheduleId, retentionDays: sites.defaultRetentionDays })
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.workspaceId, workspaceId)));
    return row;
  },

  scheduleExists: (db: DbOrTx, workspaceId: string, id: string) => isWorkspaceRow(db, schedules, workspaceId, id),

  /**
   * A page of the list with what its cameras are shown with — the workspace's arming context and,
   * with `withQuota`, the owner's camera limit beside the workspace's count — in one query: the
   * workspace's one context row left-joins the page's cameras (the list's conditions are the join's,
   * so an empty page still brings the context). It was five queries one after another, and the
   * cameras page's first data waited for all of them. The cameras are selected as the table's own
   * columns, not through a subquery's aliases: drizzle maps a table column at once, and an alias
   * only after three failed type checks per field and row, which was most of a 100-camera page's CPU.
   */
  async list(db: DbOrTx, workspaceId: string, scope: CameraScope, query: ListQuery, withQuota: boolean) {
    const plan = planList({ ...query, limit: query.limit ?? CAMERAS_PAGE }, camerasList, [
      sql`${c.workspaceId} = ${workspaceId}`,
      ...(scope ? [cameraInScope(c.id, scope)!] : []),
    ]);
    const ctx = contextOf(db, workspaceId, withQuota);
    // The context's fields come again on every row: as plain SQL (their names are unique to the
    // context), which drizzle decodes with half the type checks of a subquery's alias.
    const rows = (await db
      .select({
        timeZone: sql<string>`${ctx.timeZone}`,
        schedules: sql<ScheduleOfContext[]>`${ctx.schedules}`,
        ownerId: sql<string | null>`${ctx.ownerId}`,
        maxCameras: sql<number | null>`${ctx.maxCameras}`,
        used: sql<number | null>`${ctx.used}`,
        sortText: plan.sortText,
        row: getTableColumns(c),
      })
      .from(ctx)
      .leftJoin(c, plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit + 1)) as unknown as {
      timeZone: string;
      schedules: ScheduleOfContext[];
      ownerId: string | null;
      maxCameras: number | null;
      used: number | null;
      sortText: string | null;
      row: CameraRow | null;
    }[];
    const first = rows[0];
    const found = rows.filter((r): r is typeof r & { row: CameraRow; sortText: string } => r.row !== null);
    const shown = found.slice(0, plan.limit);
    const last = shown.at(-1);
    return {
      rows: shown.map((r) => r.row),
      nextCursor: found.length > plan.limit && last ? plan.cursorFor(last.sortText, last.row.id) : null,
      arming: toArmingContext(first),
      quota: withQuota && first?.ownerId ? { used: first.used ?? 0, max: first.maxCameras as number } : null,
    };
  },

  /** Scoped by workspace and camera scope: another workspace's camera, or one outside the scope, is not found. */
  async find(
    db: DbOrTx,
    workspaceId: string,
    scope: CameraScope,
    id: string,
    forUpdate = false,
  ): Promise<CameraRow | undefined> {
    const q = db
      .select()
      .from(c)
      .where(and(eq(c.id, id), eq(c.workspaceId, workspaceId), cameraInScope(c.id, scope)))
      .limit(1);
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },

  async insert(db: DbOrTx, camera: NewCamera): Promise<CameraRow> {
    const [row] = await db.insert(c).values(camera).returning();
    return row!;
  },

  async update(db: DbOrTx, workspaceId: string, id: string, patch: Partial<NewCamera>) {
    const [row] = await db
      .update(c)
      .set(patch)
      .where(and(eq(c.id, id), eq(c.workspaceId, workspaceId)))
      .returning();
    return row;
  },

  /** The removed camera's name, or undefined when there was no such camera in the workspace (or the scope). */
  async remove(db: DbOrTx, workspaceId: string, scope: CameraScope, id: string): Promise<string | undefined> {
    // The recorder's writes lock the camera's lease row (for share) and then the camera's row; the
    // delete cascades the other way round (camera, then lease) and the two deadlocked. Taking the
    // lease row first puts both in one order: the delete waits for a write in flight to commit.
    await db.execute(sql`select 1 from camera_leases where camera_id = ${id} for update`);
    const [row] = await db
      .delete(c)
      .where(and(eq(c.id, id), eq(c.workspaceId, workspaceId), cameraInScope(c.id, scope)))
      .returning({ name: c.name });
    return row?.name;
  },

  /**
   * Locks the workspace owner's row: limits live on the owner's document, and holding the lock
   * until commit makes concurrent creates in one workspace take turns, so the count stays exact.
   */
  async lockOwner(db: DbOrTx, workspaceId: string): Promise<OwnerUsage | undefined> {
    const rows = await ownerUsage(db, workspaceId).for('update', { of: users });
    return rows[0];
  },

  async count(db: DbOrTx, workspaceId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(c).where(eq(c.workspaceId, workspaceId));
    return row?.n ?? 0;
  },

  /** Writes the recounted number, so usage.camerasCount is exact even if it had drifted. */
  async setCamerasCount(db: DbOrTx, ownerId: string, n: number) {
    await db
      .update(users)
      .set({ usage: sql`jsonb_set(${users.usage}, '{camerasCount}', to_jsonb(${n}::int))` })
      .where(eq(users.id, ownerId));
  },
  /** Rows from before substream passwords were sealed: a password still in the URL. */
  async withSubstreamPasswordInUrl(db: DbOrTx): Promise<{ id: string; substreamUrl: string }[]> {
    const rows = await db
      .select({ id: c.id, substreamUrl: c.substreamUrl })
      .from(c)
      .where(sql`${c.substreamUrl} ~ '://[^/@]*:[^/@]*@'`);
    return rows.filter((r): r is { id: string; substreamUrl: string } => r.substreamUrl !== null);
  },

  async setSubstream(db: DbOrTx, id: string, patch: Pick<NewCamera, 'substreamUrl' | 'substreamPasswordEnc'>) {
    await db.update(c).set(patch).where(eq(c.id, id));
  },
};
