import { type DbOrTx, schema } from '@vigil/db';
import type { BulkFilter } from '@vigil/shared';
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type CameraScope, cameraInScope, memberScopeSql } from '../../lib/camera-scope.ts';
import { isWorkspaceRow } from '../../lib/workspace-row.ts';

const { cameras: c, sites, schedules, memberships, users, apiKeys } = schema;

/**
 * Which cameras a bulk operation reaches: always within the workspace and the caller's
 * camera scope, by ids or by a filter across sites. Read-only; the operation's own rows live in
 * bulk-operations.repo.ts.
 */

/** The camera's "model" (shared cameraModelOf): codec and size as the recorder read them. */
const MODEL = sql<string>`case when ${c.width} is not null and ${c.height} is not null
  then coalesce(lower(${c.videoCodec}), 'unknown') || ' ' || ${c.width} || 'x' || ${c.height}
  else coalesce(lower(${c.videoCodec}), 'unknown') end`;

const likeLiteral = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const uuidArray = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;
const textArray = (xs: readonly string[]) => sql`${sql.param([...xs])}::text[]`;

function filterSql(workspaceId: string, scope: CameraScope, f: BulkFilter): SQL {
  const parts: (SQL | undefined)[] = [eq(c.workspaceId, workspaceId), cameraInScope(c.id, scope)];
  const siteIds = f.siteIds ?? [];
  if (siteIds.length && f.withoutSite)
    parts.push(sql`(${c.siteId} = any(${uuidArray(siteIds)}) or ${c.siteId} is null)`);
  else if (siteIds.length) parts.push(sql`${c.siteId} = any(${uuidArray(siteIds)})`);
  else if (f.withoutSite) parts.push(sql`${c.siteId} is null`);
  if (f.tags?.length)
    parts.push(sql`exists (select 1 from ${sites} s where s.id = ${c.siteId} and s.tags && ${textArray(f.tags)})`);
  if (f.status?.length) parts.push(inArray(c.status, [...f.status]));
  // A whole model, or a codec alone ("h264" is every H.264 camera, whatever its size).
  if (f.model)
    parts.push(sql`(${MODEL} = ${f.model} or ${MODEL} like ${`${f.model.replace(/[\\%_]/g, (ch) => `\\${ch}`)} %`})`);
  if (f.q) parts.push(sql`${c.name} ilike ${likeLiteral(f.q)}`);
  return and(...parts)!;
}

export interface SelectedCamera {
  id: string;
  name: string;
  siteId: string | null;
  siteName: string | null;
  status: string;
  enabled: boolean;
  recordingMode: string;
  model: string;
}

const selectedColumns = {
  id: c.id,
  name: c.name,
  siteId: c.siteId,
  siteName: sites.name,
  status: c.status,
  enabled: c.enabled,
  recordingMode: c.recordingMode,
  model: MODEL,
};

/** The creator of an operation as its job re-reads them: still a member, with which role and cameras. */
export interface CreatorAccess {
  storedRole: string;
  membershipRole: string;
  cameraIds: string[] | null;
  disabled: boolean;
}

export const bulkSelectionRepo = {
  /** Matching cameras by name (then id), at most `limit`, and how many match in all. */
  async byFilter(db: DbOrTx, workspaceId: string, scope: CameraScope, f: BulkFilter, limit: number) {
    const where = filterSql(workspaceId, scope, f);
    const rows = await db
      .select(selectedColumns)
      .from(c)
      .leftJoin(sites, eq(sites.id, c.siteId))
      .where(where)
      .orderBy(sql`lower(${c.name})`, asc(c.id))
      .limit(limit);
    const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(c).where(where);
    return { rows: rows as SelectedCamera[], count: n?.n ?? 0 };
  },

  /** The named cameras that exist in the workspace and the scope, in the order named. */
  async byIds(db: DbOrTx, workspaceId: string, scope: CameraScope, ids: readonly string[]): Promise<SelectedCamera[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select(selectedColumns)
      .from(c)
      .leftJoin(sites, eq(sites.id, c.siteId))
      .where(and(eq(c.workspaceId, workspaceId), cameraInScope(c.id, scope), inArray(c.id, [...ids])));
    const byId = new Map(rows.map((r) => [r.id, r as SelectedCamera]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /** Every model among the cameras in scope, most common first. */
  async models(db: DbOrTx, workspaceId: string, scope: CameraScope) {
    return db
      .select({ model: MODEL, count: sql<number>`count(*)::int` })
      .from(c)
      .where(and(eq(c.workspaceId, workspaceId), cameraInScope(c.id, scope)))
      .groupBy(MODEL)
      .orderBy(sql`count(*) desc`, MODEL);
  },

  /** Sites by name with their cameras in scope: all of the workspace's, or only those holding scoped cameras. */
  async sites(db: DbOrTx, workspaceId: string, scope: CameraScope) {
    const inScope = and(eq(c.siteId, sites.id), cameraInScope(c.id, scope));
    const cameras = sql<number>`(select count(*)::int from ${c} where ${inScope})`;
    return db
      .select({ id: sites.id, name: sites.name, tags: sites.tags, cameras })
      .from(sites)
      .where(and(eq(sites.workspaceId, workspaceId), scope === null ? undefined : sql`${cameras} > 0`))
      .orderBy(sql`lower(${sites.name})`, asc(sites.id));
  },

  siteExists: (db: DbOrTx, workspaceId: string, id: string) => isWorkspaceRow(db, sites, workspaceId, id),

  scheduleExists: (db: DbOrTx, workspaceId: string, id: string) => isWorkspaceRow(db, schedules, workspaceId, id),

  /** A camera's saved motion settings, its row locked for the change that follows (undefined: not reachable). */
  async lockMotion(db: DbOrTx, workspaceId: string, scope: CameraScope, id: string) {
    const [row] = await db
      .select({ motion: c.motion })
      .from(c)
      .where(and(eq(c.id, id), eq(c.workspaceId, workspaceId), cameraInScope(c.id, scope)))
      .for('update');
    return row?.motion;
  },

  /** The creator's membership now (undefined: no longer a member). */
  async creatorAccess(db: DbOrTx, workspaceId: string, userId: string): Promise<CreatorAccess | undefined> {
    const [row] = await db
      .select({
        storedRole: users.role,
        membershipRole: memberships.role,
        cameraIds: memberScopeSql(),
        disabled: sql<boolean>`${users.disabledAt} is not null`,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
    return row;
  },

  /** Whether the API key that made an operation still works as a manager's key. */
  async keyWorks(db: DbOrTx, workspaceId: string, keyId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.id, keyId),
          eq(apiKeys.workspaceId, workspaceId),
          eq(apiKeys.role, 'manager'),
          sql`${apiKeys.revokedAt} is null and (${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
        ),
      );
    return Boolean(row);
  },
};
