import { type DbOrTx, schema } from '@vigil/db';
import { type SQL, sql } from 'drizzle-orm';
import type { Period } from './period.ts';

const { cameraStorage, events, segments, storageDaily } = schema;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Each camera's observed window: the period, from the camera's creation, up to now (the future is
 * not observed). Empty when nothing of it is.
 */
const windowsSql = (ids: string[], p: Period) => sql`
  select c.id, case when greatest(${ts(p.from)}, c.created_at) < least(${ts(p.to)}, now())
    then tstzrange(greatest(${ts(p.from)}, c.created_at), least(${ts(p.to)}, now())) else 'empty'::tstzrange end as w
  from cameras c where c.id = any(${sql.param(ids)}::uuid[])`;

/**
 * The cameras' outages within their windows: a `camera.offline` event lasts from its start to its
 * end (now while it has none). Read by events_outages_idx: the workspace's offline events that
 * were still open at, or ended after, the period's start.
 */
const outagesSql = (workspaceId: string, ids: string[], p: Period) => sql`
  with win as (${windowsSql(ids, p)})
  select e.camera_id, e.start_at, e.end_at,
         tstzrange(e.start_at, greatest(e.start_at, coalesce(e.end_at, now()))) * win.w as r
  from ${events} e join win on win.id = e.camera_id
  where e.workspace_id = ${workspaceId}::uuid and e.kind = 'camera.offline'
    and coalesce(e.end_at, 'infinity'::timestamptz) > ${ts(p.from)} and e.start_at < ${ts(p.to)}`;

/** An instant as epoch milliseconds (null stays null): no text format to parse back. */
const ms = (t: SQL) => sql`(extract(epoch from ${t}) * 1000)::float8`;
const seconds = (range: SQL) => sql`coalesce(extract(epoch from upper(${range}) - lower(${range})), 0)`;

export interface OutageRow {
  cameraId: string;
  startAt: Date;
  endAt: Date | null;
  seconds: number;
}

export const uptimeRepo = {
  /**
   * Per camera: seconds observed, seconds down (overlapping outages counted once: the union of
   * their ranges) and the number of outages touching the window.
   */
  async summary(db: DbOrTx, workspaceId: string, ids: string[], p: Period) {
    if (!ids.length) return [];
    const res = await db.execute<{ id: string; observed: string; down: string; outages: number }>(sql`
      with win as (${windowsSql(ids, p)}),
      o as (select camera_id, range_agg(r) as m, count(*)::int as outages
            from (${outagesSql(workspaceId, ids, p)}) x where not isempty(r) group by camera_id)
      select win.id, ${seconds(sql`win.w`)} as observed,
             coalesce((select sum(${seconds(sql`u`)}) from unnest(o.m) u), 0) as down,
             coalesce(o.outages, 0) as outages
      from win left join o on o.camera_id = win.id`);
    return res.rows.map((r) => ({
      cameraId: r.id,
      observedSeconds: Number(r.observed),
      downSeconds: Number(r.down),
      outageCount: r.outages,
    }));
  },

  /** The outages touching the windows, newest first; `perCamera` keeps each camera's latest few. */
  async outages(db: DbOrTx, workspaceId: string, ids: string[], p: Period, perCamera?: number): Promise<OutageRow[]> {
    if (!ids.length) return [];
    const res = await db.execute<{ camera_id: string; start_ms: number; end_ms: number | null; s: string }>(sql`
      select camera_id, ${ms(sql`start_at`)} as start_ms, ${ms(sql`end_at`)} as end_ms, s from (
        select camera_id, start_at, end_at, ${seconds(sql`r`)} as s,
               row_number() over (partition by camera_id order by start_at desc) as nth
        from (${outagesSql(workspaceId, ids, p)}) x where not isempty(r)) y
      ${perCamera ? sql`where nth <= ${perCamera}` : sql``}
      order by start_at desc, camera_id`);
    return res.rows.map((r) => ({
      cameraId: r.camera_id,
      startAt: new Date(Number(r.start_ms)),
      endAt: r.end_ms === null ? null : new Date(Number(r.end_ms)),
      seconds: Number(r.s),
    }));
  },

  /** Footage stored now per camera (camera_storage: its recordings' bytes, kept by a trigger) and its oldest segment. */
  async footage(db: DbOrTx, ids: string[]) {
    if (!ids.length) return [];
    const res = await db.execute<{ id: string; bytes: string; oldest: number | null }>(sql`
      select c.id,
             coalesce((select s.bytes from ${cameraStorage} s where s.camera_id = c.id), 0) as bytes,
             ${ms(sql`(select min(s.start_at) from ${segments} s where s.camera_id = c.id)`)} as oldest
      from unnest(${sql.param(ids)}::uuid[]) c(id)`);
    return res.rows.map((r) => ({
      cameraId: r.id,
      bytes: Number(r.bytes),
      oldestAt: r.oldest === null ? null : new Date(Number(r.oldest)),
    }));
  },

  /**
   * The workspace's daily storage readings over the period's local dates (a reading's day is a
   * calendar day, as the billing page shows it).
   */
  async storageHistory(db: DbOrTx, workspaceId: string, p: Period, tz: string) {
    const res = await db.execute<{ day: string; bytes: string }>(sql`
      select day::text as day, bytes from ${storageDaily}
      where workspace_id = ${workspaceId}::uuid
        and day between (${ts(p.from)} at time zone ${tz})::date
                    and ((${ts(p.to)} - interval '1 microsecond') at time zone ${tz})::date
      order by day`);
    return res.rows.map((r) => ({ day: r.day, bytes: Number(r.bytes) }));
  },
};
