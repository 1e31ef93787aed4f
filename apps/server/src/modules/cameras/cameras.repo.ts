import { type DbOrTx, schema } from '@vigil/db';
import { and, eq, sql } from 'drizzle-orm';
import { type CameraScope, cameraInScope } from '../../lib/camera-scope.ts';
import { isWorkspaceRow } from '../../lib/workspace-row.ts';
import { contextOf, listCameras, toArmingContext } from './camera-list-query.ts';
import type { ArmingContext, CameraRow } from './camera-view.ts';

const c = schema.cameras;
const { users, workspaces, schedules, sites } = schema;

export type NewCamera = typeof c.$inferInsert;

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

  /** A page of the list with the workspace's arming context and quota, in one query (camera-list-query.ts). */
  list: listCameras,

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
