import { type Db, type DbOrTx, schema } from '@vigil/db';
import type { SiteCounts } from '@vigil/shared';
import { type Placeholder, type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CameraScope } from '../../lib/camera-scope.ts';
import { type CompiledSelect, compileRaw } from '../../lib/compiled-select.ts';
import { isWorkspaceRow } from '../../lib/workspace-row.ts';

const { sites, cameras, memberships, users, schedules } = schema;

export type SiteRow = typeof sites.$inferSelect;
export type NewSite = typeof sites.$inferInsert;

/** An alert counts as open for this long unless acknowledged: the dashboard is about what needs attention now. */
export const OPEN_ALERT_DAYS = 7;

const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/**
 * Whom a list of sites is for: their workspace and camera scope. A limited member sees a site
 * they were given (site_ids) or one holding a camera they reach; its figures count only those cameras.
 */
export interface SitesOf {
  workspaceId: string;
  cameraIds: CameraScope;
  siteIds: readonly string[] | null;
}

const camScope = (of: Pick<SitesOf, 'cameraIds'>, col: SQL) =>
  of.cameraIds === null ? sql`true` : sql`${col} = any(${uuids(of.cameraIds)})`;

function visible(of: Pick<SitesOf, 'cameraIds' | 'siteIds'>): SQL {
  if (of.cameraIds === null) return sql`true`;
  const bySite = of.siteIds && of.siteIds.length > 0 ? sql`${sites.id} = any(${uuids(of.siteIds)}) or ` : sql``;
  return sql`(${bySite}exists (select 1 from ${cameras} vc where vc.site_id = ${sites.id} and ${camScope(of, sql`vc.id`)}))`;
}

/**
 * The figures of every site in one statement, each table read once: the workspace's cameras with
 * their stored bytes (camera_storage, kept by a trigger on recordings), its unacknowledged alerts
 * of the last days counted per camera (the unacknowledged-events index), summed per site.
 */
function perSiteSql(of: ListOf, siteId?: string): SQL {
  const oneSite = siteId ? sql` and c.site_id = ${siteId}` : sql``;
  return sql`per_site as (
    select c.site_id,
      count(*) as cameras,
      count(*) filter (where c.enabled and c.status = 'online') as online,
      count(*) filter (where c.enabled and c.status <> 'online') as offline,
      count(*) filter (where not c.enabled) as disabled,
      sum(coalesce(st.bytes, 0)) as bytes,
      sum(coalesce(a.n, 0)) as alerts
    from ${cameras} c
    left join camera_storage st on st.camera_id = c.id
    left join (
      select e.camera_id, count(*) as n from events e
      where e.workspace_id = ${of.workspaceId} and e.acknowledged_at is null and e.severity = 'alert'
        and e.start_at > now() - make_interval(days => ${OPEN_ALERT_DAYS})
      group by e.camera_id
    ) a on a.camera_id = c.id
    where c.workspace_id = ${of.workspaceId} and c.site_id is not null and ${camScope(of, sql`c.id`)}${oneSite}
    group by c.site_id
  )`;
}

export interface SiteWithCounts {
  site: SiteRow;
  counts: SiteCounts;
}

/** A raw row of the list with its counts as the service reads it. */
const withCounts = (r: Record<string, unknown>): SiteWithCounts => ({
  site: fromRaw(r),
  counts: {
    cameras: Number(r.n_cameras),
    online: Number(r.n_online),
    offline: Number(r.n_offline),
    disabled: Number(r.n_disabled),
    storageBytes: Number(r.n_bytes),
    openAlerts: Number(r.n_alerts),
  },
});

type SitesFilter = { tag?: string; q?: string; id?: string };
/** Whom a list is for, the workspace as a value or as the placeholder of a compiled list. */
type ListOf = Omit<SitesOf, 'workspaceId'> & { workspaceId: string | Placeholder };

/**
 * The sites `filter` finds, with their figures, by name; with `withTags`, every tag of the sites
 * the caller sees (filtered or not) comes on each row, the tags' one row left-joining the sites so
 * that a filter finding none still brings them: the sites page's first data in one round trip.
 */
function listSql(of: ListOf, filter: SitesFilter, withTags: boolean): SQL {
  const where = [sql`${sites.workspaceId} = ${of.workspaceId}`, visible(of)];
  if (filter.tag) where.push(sql`${sites.tags} @> array[${filter.tag}]::text[]`);
  if (filter.q) where.push(sql`(${sites.name} ilike ${`%${filter.q}%`} or ${sites.address} ilike ${`%${filter.q}%`})`);
  if (filter.id) where.push(sql`${sites.id} = ${filter.id}`);
  const columns = sql`${sites}.*, coalesce(p.cameras, 0)::int as n_cameras, coalesce(p.online, 0)::int as n_online,
      coalesce(p.offline, 0)::int as n_offline, coalesce(p.disabled, 0)::int as n_disabled,
      coalesce(p.bytes, 0)::float8 as n_bytes, coalesce(p.alerts, 0)::int as n_alerts`;
  const order = sql`order by lower(${sites.name}), ${sites.id}`;
  if (!withTags)
    return sql`with ${perSiteSql(of, filter.id)}
      select ${columns} from ${sites} left join per_site p on p.site_id = ${sites.id}
      where ${sql.join(where, sql` and `)} ${order}`;
  return sql`with ${perSiteSql(of, filter.id)}, all_tags as (
      select coalesce(array_agg(distinct t order by t), '{}') as all_tags from ${sites}, unnest(${sites.tags}) t
      where ${sites.workspaceId} = ${of.workspaceId} and ${visible(of)}
    )
    select all_tags.all_tags, ${columns}
    from all_tags left join (${sites} left join per_site p on p.site_id = ${sites.id}) on ${sql.join(where, sql` and `)}
    ${order}`;
}

/** The unfiltered list of every site with its tags, compiled on first use. */
let everySite: CompiledSelect<Record<string, unknown>> | undefined;

export const sitesRepo = {
  async list(db: DbOrTx, of: SitesOf, filter: SitesFilter): Promise<SiteWithCounts[]> {
    const { rows } = await db.execute<Record<string, unknown>>(listSql(of, filter, false));
    return rows.map(withCounts);
  },

  /**
   * The list and every tag of the sites the caller sees, in one query. The sites page's first read
   * (no filter, every camera) is compiled once as a named statement: building its text walked ~100
   * fragments on every request, and PostgreSQL planned it anew each time.
   */
  async listWithTags(db: Db, of: SitesOf, filter: SitesFilter): Promise<{ sites: SiteWithCounts[]; tags: string[] }> {
    const plain = of.cameraIds === null && !filter.tag && !filter.q && !filter.id;
    if (plain) everySite ??= compileRaw(db, listSql({ ...of, workspaceId: sql.placeholder('workspaceId') }, {}, true));
    const rows = plain
      ? await everySite!.run(db, { workspaceId: of.workspaceId })
      : (await db.execute<Record<string, unknown>>(listSql(of, filter, true))).rows;
    return {
      sites: rows.filter((r) => r.id !== null).map(withCounts),
      tags: (rows[0]?.all_tags as string[] | undefined) ?? [],
    };
  },

  async find(db: DbOrTx, workspaceId: string, id: string, lock = false): Promise<SiteRow | undefined> {
    const q = db
      .select()
      .from(sites)
      .where(and(eq(sites.workspaceId, workspaceId), eq(sites.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async nameTaken(db: DbOrTx, workspaceId: string, name: string, exceptId?: string): Promise<boolean> {
    const { rows } = await db.execute(sql`select 1 from ${sites} where ${sites.workspaceId} = ${workspaceId}
      and lower(${sites.name}) = lower(${name}) ${exceptId ? sql`and ${sites.id} <> ${exceptId}` : sql``}`);
    return rows.length > 0;
  },

  async insert(db: DbOrTx, row: NewSite): Promise<SiteRow> {
    const [created] = await db.insert(sites).values(row).returning();
    return created!;
  },

  async update(db: DbOrTx, workspaceId: string, id: string, patch: Partial<NewSite>): Promise<SiteRow | undefined> {
    const [row] = await db
      .update(sites)
      .set(patch)
      .where(and(eq(sites.workspaceId, workspaceId), eq(sites.id, id)))
      .returning();
    return row;
  },

  /** Deletes the site; its cameras stay, without a site (FK), and no membership names it any more. */
  async remove(db: DbOrTx, workspaceId: string, id: string): Promise<boolean> {
    await db.execute(sql`update ${memberships} set site_ids = array_remove(site_ids, ${id}::uuid)
      where ${memberships.workspaceId} = ${workspaceId} and ${id}::uuid = any(site_ids)`);
    const rows = await db
      .delete(sites)
      .where(and(eq(sites.workspaceId, workspaceId), eq(sites.id, id)))
      .returning({ id: sites.id });
    return rows.length > 0;
  },

  scheduleExists: (db: DbOrTx, workspaceId: string, id: string) => isWorkspaceRow(db, schedules, workspaceId, id),

  /** The site's cameras the caller reaches, by name. */
  async cameras(db: DbOrTx, of: SitesOf, siteId: string) {
    return db
      .select({ id: cameras.id, name: cameras.name, status: cameras.status, enabled: cameras.enabled })
      .from(cameras)
      .where(and(eq(cameras.workspaceId, of.workspaceId), eq(cameras.siteId, siteId), camScope(of, sql`${cameras.id}`)))
      .orderBy(asc(sql`lower(${cameras.name})`), asc(cameras.id));
  },

  /** Which of `ids` are cameras of the workspace within the scope (locked: they are about to move). */
  async lockCameras(db: DbOrTx, of: SitesOf, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: cameras.id, name: cameras.name, siteId: cameras.siteId })
      .from(cameras)
      .where(and(eq(cameras.workspaceId, of.workspaceId), inArray(cameras.id, ids), camScope(of, sql`${cameras.id}`)))
      .orderBy(asc(cameras.id))
      .for('update');
  },

  async setSite(db: DbOrTx, workspaceId: string, ids: string[], siteId: string | null): Promise<void> {
    if (ids.length === 0) return;
    await db
      .update(cameras)
      .set({ siteId })
      .where(and(eq(cameras.workspaceId, workspaceId), inArray(cameras.id, ids)));
  },

  /** The site's defaults onto cameras (all of the site's, or those given). */
  async applyDefaults(
    db: DbOrTx,
    workspaceId: string,
    siteId: string,
    d: { scheduleId?: string | null; retentionDays?: number | null },
    only?: string[],
  ): Promise<string[]> {
    const set: Partial<typeof cameras.$inferInsert> = {};
    if (d.scheduleId !== undefined && d.scheduleId !== null) set.scheduleId = d.scheduleId;
    if (d.retentionDays !== undefined && d.retentionDays !== null) set.retentionDays = d.retentionDays;
    if (Object.keys(set).length === 0) return [];
    const rows = await db
      .update(cameras)
      .set(set)
      .where(
        and(
          eq(cameras.workspaceId, workspaceId),
          eq(cameras.siteId, siteId),
          only ? inArray(cameras.id, only.length ? only : ['00000000-0000-0000-0000-000000000000']) : undefined,
        ),
      )
      .returning({ id: cameras.id });
    return rows.map((r) => r.id);
  },

  /** Health beyond the counts: the newest recording of its cameras, and uptime since the month began. */
  async health(db: DbOrTx, of: SitesOf, siteId: string, monthStart: Date) {
    const { rows } = await db.execute<{ last_at: string | null; uptime: number | null }>(sql`
      with cams as (
        select id, greatest(created_at, ${monthStart.toISOString()}::timestamptz) as since from ${cameras}
        where workspace_id = ${of.workspaceId} and site_id = ${siteId} and ${camScope(of, sql`id`)}
      ), span as (
        select sum(extract(epoch from now() - since)) as total from cams where since < now()
      ), down as (
        select coalesce(sum(extract(epoch from least(coalesce(e.end_at, now()), now())
          - greatest(e.start_at, cams.since))), 0) as secs
        from events e join cams on cams.id = e.camera_id
        where e.workspace_id = ${of.workspaceId} and e.kind = 'camera.offline'
          and coalesce(e.end_at, now()) > cams.since and e.start_at < now()
      )
      select (select max(r.end_at) from cams, lateral (select end_at from recordings
                where camera_id = cams.id order by start_at desc limit 1) r)::text as last_at,
        case when (select total from span) > 0
          then greatest(0, 1 - (select secs from down) / (select total from span)) end::float8 as uptime`);
    const r = rows[0];
    return { lastRecordingAt: r?.last_at ? new Date(r.last_at) : null, uptime: r?.uptime ?? null };
  },

  /** Members with what decides whether they see the site. */
  async accessRows(db: DbOrTx, workspaceId: string) {
    return db
      .select({
        userId: users.id,
        displayName: users.displayName,
        email: users.email,
        role: memberships.role,
        cameraIds: memberships.cameraIds,
        siteIds: memberships.siteIds,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.workspaceId, workspaceId))
      .orderBy(asc(sql`lower(${users.displayName})`), asc(users.id));
  },

  async setSiteIds(db: DbOrTx, workspaceId: string, userId: string, siteIds: string[] | null): Promise<void> {
    await db
      .update(memberships)
      .set({ siteIds })
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  },
};

/** A raw row (db.execute) as drizzle's typed row. */
function fromRaw(r: Record<string, unknown>): SiteRow {
  const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  return {
    id: String(r.id),
    workspaceId: String(r.workspace_id),
    name: String(r.name),
    address: (r.address as string | null) ?? null,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    timezone: (r.timezone as string | null) ?? null,
    contacts: (r.contacts as SiteRow['contacts']) ?? [],
    notes: (r.notes as string | null) ?? null,
    tags: (r.tags as string[]) ?? [],
    defaultScheduleId: (r.default_schedule_id as string | null) ?? null,
    defaultRetentionDays: r.default_retention_days === null ? null : Number(r.default_retention_days),
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}
