import type { DbOrTx } from '@vigil/db';
import { sql } from 'drizzle-orm';
import type { Alerts, Storage, Uptime } from './report-model.ts';

/**
 * The figures behind a report, per camera (the module's only SQL over events and segments). Each
 * query reads one workspace's rows for the report's cameras, so another tenant's never enter.
 */
export interface ReportCamera {
  id: string;
  name: string;
  siteId: string | null;
  siteName: string | null;
  createdAt: Date;
  retentionDays: number;
}

interface Scope {
  workspaceId: string;
  cameraIds: readonly string[];
  from: Date;
  to: Date;
  /** The instant figures are read at: nothing after it counts (an outage still open ends here). */
  now: Date;
}

const ids = (xs: readonly string[]) => sql`${sql.param([...xs])}::uuid[]`;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const reportDataRepo = {
  /** The report's cameras that still exist, by site name (no site last), then name. */
  async cameras(db: DbOrTx, s: Pick<Scope, 'workspaceId' | 'cameraIds'>): Promise<ReportCamera[]> {
    const { rows } = await db.execute<{
      id: string;
      name: string;
      site_id: string | null;
      site_name: string | null;
      created_at: string | Date;
      retention_days: number;
    }>(sql`
      select c.id, c.name, c.site_id, s.name as site_name, c.created_at, c.retention_days
      from cameras c left join sites s on s.id = c.site_id
      where c.workspace_id = ${s.workspaceId} and c.id = any(${ids(s.cameraIds)})
      order by s.name nulls last, s.id, lower(c.name), c.id`);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      siteId: r.site_id,
      siteName: r.site_name,
      createdAt: new Date(r.created_at),
      retentionDays: r.retention_days,
    }));
  },

  /**
   * Outages: each `camera.offline` event from its start to its end (or now while it lasts),
   * clipped to the period and to the camera's existence; overlapping ones merged (range_agg).
   */
  async uptime(db: DbOrTx, s: Scope): Promise<Map<string, Uptime>> {
    const { rows } = await db.execute<{
      id: string;
      window_ms: string;
      down_ms: string | null;
      outages: number | null;
      longest_ms: string | null;
    }>(sql`
      with cams as (
        select c.id, greatest(${ts(s.from)}, c.created_at) as lo, least(${ts(s.to)}, ${ts(s.now)}) as hi
        from cameras c where c.workspace_id = ${s.workspaceId} and c.id = any(${ids(s.cameraIds)})
      ), outs as (
        select k.id, tstzrange(greatest(e.start_at, k.lo), least(coalesce(e.end_at, ${ts(s.now)}), k.hi)) as r
        from events e join cams k on k.id = e.camera_id
        where e.workspace_id = ${s.workspaceId} and e.kind = 'camera.offline'
          and e.start_at < ${ts(s.to)} and (e.end_at is null or e.end_at > ${ts(s.from)})
          and k.lo < k.hi and e.start_at < k.hi and coalesce(e.end_at, ${ts(s.now)}) > k.lo
          and coalesce(e.end_at, ${ts(s.now)}) >= e.start_at
      ), agg as (
        select id, count(*)::int as outages, max(upper(r) - lower(r)) as longest, range_agg(r) as merged
        from outs group by id
      )
      select k.id,
        extract(epoch from greatest(k.hi - k.lo, interval '0')) * 1000 as window_ms,
        (select extract(epoch from coalesce(sum(upper(x) - lower(x)), interval '0')) * 1000
           from unnest(a.merged) as x) as down_ms,
        a.outages, extract(epoch from a.longest) * 1000 as longest_ms
      from cams k left join agg a on a.id = k.id`);
    return new Map(
      rows.map((r) => [
        r.id,
        { windowMs: num(r.window_ms), downMs: num(r.down_ms), outages: num(r.outages), longestMs: num(r.longest_ms) },
      ]),
    );
  },

  /** Events that started in the period, per camera and kind. */
  async events(db: DbOrTx, s: Scope): Promise<Map<string, Record<string, number>>> {
    const { rows } = await db.execute<{ camera_id: string; kind: string; n: number }>(sql`
      select e.camera_id, e.kind, count(*)::int as n from events e
      where e.workspace_id = ${s.workspaceId} and e.camera_id = any(${ids(s.cameraIds)})
        and e.start_at >= ${ts(s.from)} and e.start_at < ${ts(s.to)}
      group by e.camera_id, e.kind`);
    const out = new Map<string, Record<string, number>>();
    for (const r of rows) {
      const byKind = out.get(r.camera_id) ?? {};
      byKind[r.kind] = r.n;
      out.set(r.camera_id, byKind);
    }
    return out;
  },

  /** The footage stored now (the segment index), what of it was recorded in the period, and the oldest. */
  async storage(db: DbOrTx, s: Scope): Promise<Map<string, Omit<Storage, 'retentionDays'>>> {
    const { rows } = await db.execute<{
      id: string;
      stored: string | null;
      recorded: string | null;
      oldest: string | Date | null;
    }>(sql`
      select c.id, g.stored, g.recorded, g.oldest
      from cameras c left join lateral (
        select sum(bytes) as stored,
          sum(bytes) filter (where start_at >= ${ts(s.from)} and start_at < ${ts(s.to)}) as recorded,
          min(start_at) as oldest
        from segments where camera_id = c.id
      ) g on true
      where c.workspace_id = ${s.workspaceId} and c.id = any(${ids(s.cameraIds)})`);
    return new Map(
      rows.map((r) => [
        r.id,
        { storedBytes: num(r.stored), recordedBytes: num(r.recorded), oldestAt: r.oldest ? new Date(r.oldest) : null },
      ]),
    );
  },

  /**
   * Alerts that started in the period and the time to acknowledge the acknowledged ones (median,
   * 90th percentile), per camera, per site (the cameras' site now) and for all of them at once.
   */
  async alerts(
    db: DbOrTx,
    s: Scope,
  ): Promise<{ cameras: Map<string, Alerts>; sites: Map<string | null, Alerts>; total: Alerts }> {
    const { rows } = await db.execute<{
      camera_id: string | null;
      site_id: string | null;
      g: number;
      alerts: number;
      acknowledged: number;
      median_s: number | null;
      p90_s: number | null;
    }>(sql`
      select e.camera_id, c.site_id, grouping(e.camera_id, c.site_id) as g,
        count(*)::int as alerts, count(e.acknowledged_at)::int as acknowledged,
        percentile_cont(0.5) within group (order by greatest(0, extract(epoch from e.acknowledged_at - e.start_at)))
          filter (where e.acknowledged_at is not null) as median_s,
        percentile_cont(0.9) within group (order by greatest(0, extract(epoch from e.acknowledged_at - e.start_at)))
          filter (where e.acknowledged_at is not null) as p90_s
      from events e join cameras c on c.id = e.camera_id
      where e.workspace_id = ${s.workspaceId} and e.camera_id = any(${ids(s.cameraIds)})
        and e.severity = 'alert' and e.start_at >= ${ts(s.from)} and e.start_at < ${ts(s.to)}
      group by grouping sets ((e.camera_id, c.site_id), (c.site_id), ())`);
    const of = (r: (typeof rows)[number]): Alerts => ({
      alerts: r.alerts,
      acknowledged: r.acknowledged,
      medianMs: r.median_s === null ? null : numOrNull(r.median_s)! * 1000,
      p90Ms: r.p90_s === null ? null : numOrNull(r.p90_s)! * 1000,
    });
    const cameras = new Map<string, Alerts>();
    const sites = new Map<string | null, Alerts>();
    let total: Alerts = { alerts: 0, acknowledged: 0, medianMs: null, p90Ms: null };
    for (const r of rows) {
      // grouping(): 0 = per camera, 2 = per site (camera rolled up), 3 = everything.
      if (r.g === 0 && r.camera_id) cameras.set(r.camera_id, of(r));
      else if (r.g === 2) sites.set(r.site_id, of(r));
      else if (r.g === 3) total = of(r);
    }
    return { cameras, sites, total };
  },
};
