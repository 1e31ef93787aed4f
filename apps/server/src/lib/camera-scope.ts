import { type DbOrTx, schema } from '@vigil/db';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Membership } from './session.ts';
import { publish } from './realtime.ts';

/**
 * Per-member camera access. A member may be limited to some cameras of their
 * workspace: `memberships.camera_ids`, null = every camera. Everything they list, watch, play,
 * export or receive is filtered by it on the server, through one value every camera-bound
 * service takes in its actor: `cameraIds`, null for "no limit". A camera outside the scope is
 * answered exactly like another workspace's: not-found.
 *
 * Rows bound to no camera (a `storage.pruned` event: the workspace's storage, not a camera's)
 * are the whole workspace's and stay visible to a limited member, as prune notices are.
 */
export type CameraScope = readonly string[] | null;

/** The caller as camera-bound services need them: their workspace, and the cameras they may reach in it. */
export interface ScopedActor {
  workspaceId: string;
  cameraIds: CameraScope;
}

/** What a session carries that decides the scope (auth/session.ts SessionUser, or a live ticket's session). */
interface ScopeSource {
  user: { role: string; workspaceId: string };
  membership: Membership;
}

/**
 * A membership's camera scope as SQL (cameras named directly, or through sites): with no site limit, `camera_ids` as
 * stored (null = every camera); with sites, the cameras of those sites plus `camera_ids`. Read
 * wherever a membership's scope is (the session, fan-out's recipients, API keys, task assignees),
 * so a camera moved into or out of a site changes who reaches it on the next request.
 */
export function memberScopeSql(): SQL<string[] | null> {
  const m = schema.memberships;
  const c = schema.cameras;
  return sql<string[] | null>`case when ${m.siteIds} is null then ${m.cameraIds} else array(
    select ${c.id} from ${c} where ${c.workspaceId} = ${m.workspaceId}
      and (${c.siteId} = any(${m.siteIds}) or ${c.id} = any(coalesce(${m.cameraIds}, '{}'::uuid[])))
  ) end`;
}

/**
 * A member as the lists of people read them (users joined to memberships): who they are, their
 * roles, the cameras they reach now and whether they are disabled.
 */
export function memberColumns() {
  const { users, memberships } = schema;
  return {
    userId: users.id,
    displayName: users.displayName,
    email: users.email,
    membershipRole: memberships.role,
    storedRole: users.role,
    cameraIds: memberScopeSql(),
    disabledAt: users.disabledAt,
  };
}

/** An installation admin and the workspace's owner are never limited; anyone else by their membership. */
export function cameraScopeOf(session: ScopeSource): CameraScope {
  if (session.user.role === 'admin' || session.membership.role === 'owner') return null;
  return session.membership.cameraIds;
}

/** The scoped actor of a signed-in request's session. */
export function scopedActor(session: ScopeSource): ScopedActor {
  return { workspaceId: session.user.workspaceId, cameraIds: cameraScopeOf(session) };
}

/** Whether a camera is within the scope. */
export function mayReach(scope: CameraScope, cameraId: string): boolean {
  return scope === null || scope.includes(cameraId);
}

/** Whether a row bound to this camera (or to none: workspace-wide) is within the scope. */
export function rowInScope(scope: CameraScope, cameraId: string | null | undefined): boolean {
  return cameraId === null || cameraId === undefined || mayReach(scope, cameraId);
}

const uuids = (scope: readonly string[]) => sql`${sql.param([...scope])}::uuid[]`;

/**
 * The WHERE condition "the row's camera is in scope" (undefined = no condition: drizzle's
 * and() drops it). For camera-bound tables whose camera column is never null.
 */
export function cameraInScope(column: SQLWrapper, scope: CameraScope): SQL | undefined {
  return scope === null ? undefined : sql`${column} = any(${uuids(scope)})`;
}

/** As cameraInScope, for a nullable camera column: rows of no camera (workspace-wide) stay. */
export function rowCameraInScope(column: SQLWrapper, scope: CameraScope): SQL | undefined {
  return scope === null ? undefined : sql`(${column} is null or ${column} = any(${uuids(scope)}))`;
}

/**
 * What the members API publishes (in its transaction) when a person's role or cameras change in
 * a workspace: their realtime streams in it close (the client reopens them with the new scope)
 * and their open live views end (a camera now outside the scope is refused on reconnect).
 */
export const SCOPE_CHANGED_TOPIC = 'membership.changed';

export async function publishScopeChanged(tx: DbOrTx, uid: string, workspaceId: string): Promise<void> {
  await publish(tx, { topic: SCOPE_CHANGED_TOPIC, uid, workspaceId });
}

/**
 * A camera changed site, or a site went: members limited to sites reach other cameras
 * now, so what they have open in the workspace closes and reopens under the new scope.
 */
export async function publishSiteScopeChanged(tx: DbOrTx, workspaceId: string): Promise<void> {
  const m = schema.memberships;
  const rows = await tx
    .select({ userId: m.userId })
    .from(m)
    .where(sql`${m.workspaceId} = ${workspaceId} and ${m.siteIds} is not null`);
  for (const r of rows) await publishScopeChanged(tx, r.userId, workspaceId);
}
