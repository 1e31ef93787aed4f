import { type DbOrTx, schema } from '@vigil/db';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type CameraScope, cameraInScope } from '../../lib/camera-scope.ts';
import type { Period } from './period.ts';
import { localMidnight, workspaceTimeZone } from '../../lib/workspace-time.ts';

const { cameras, eventCounts, eventCountsDaily, eventCountsWorkspace, events, sites } = schema;

/**
 * The grains of the event_counts tables (migration 0027: `date_bin('15 minutes', …)` and UTC
 * days). A period is read from the coarsest grain that fits its whole buckets, and its ragged
 * ends (a `from` or `to` inside a quarter hour) from the events themselves: any period is exact.
 */
export const BUCKET_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

/**
 * Which events count: a workspace's, of these cameras (null = every camera of the workspace, no
 * other limit: the workspace-wide table serves it), of a kind.
 */
export interface CountScope {
  workspaceId: string;
  cameras: readonly string[] | null;
  kind?: string;
}

/** The caller's cameras (scope: null = every one), narrowed to a site or a camera. */
export interface CameraFilter {
  workspaceId: string;
  cameraIds: CameraScope;
  siteId?: string;
  cameraId?: string;
}

export type { Period };

/** How events are grouped: a local day, a local hour, a camera, a site. */
export type Grouping = 'day' | 'hour' | 'camera' | 'site';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;
const floorTo = (d: Date, step: number) => new Date(Math.floor(d.getTime() / step) * step);
const ceilTo = (d: Date, step: number) => new Date(Math.ceil(d.getTime() / step) * step);

/** The camera condition: these cameras, or any camera of the workspace (events of none do not count). */
const camerasOf = (col: SQL, s: CountScope) =>
  s.cameras === null ? sql`${col} is not null` : sql`${col} = any(${uuids(s.cameras)})`;
const kindOf = (col: SQL, s: CountScope) => (s.kind ? sql`${col} = ${s.kind}` : undefined);

/** Events of [a, b) straight from the table: (t, camera_id, n = 1) rows. */
function rawRows(s: CountScope, a: Date, b: Date): SQL {
  const where = and(
    eq(events.workspaceId, s.workspaceId),
    camerasOf(sql`${events.cameraId}`, s),
    sql`${events.startAt} >= ${ts(a)} and ${events.startAt} < ${ts(b)}`,
    kindOf(sql`${events.kind}`, s),
  );
  return sql`select ${events.startAt} as t, ${events.cameraId} as camera_id, 1::bigint as n from ${events} where ${where}`;
}

/**
 * Quarter hours of [a, b) per camera (sign -1: taken away). Camera first in its key, the count
 * included in it: one index-only range per camera.
 */
function cameraQuarterRows(s: CountScope, a: Date, b: Date, sign: 1 | -1 = 1): SQL {
  const list =
    s.cameras === null
      ? sql`array(select ${cameras.id} from ${cameras} where ${cameras.workspaceId} = ${s.workspaceId}::uuid)`
      : uuids(s.cameras);
  const where = and(
    eq(eventCounts.workspaceId, s.workspaceId),
    sql`${eventCounts.cameraId} = any(${list})`,
    sql`${eventCounts.bucket} >= ${ts(a)} and ${eventCounts.bucket} < ${ts(b)}`,
    kindOf(sql`${eventCounts.kind}`, s),
  );
  const n = sign === 1 ? sql`${eventCounts.n}::bigint` : sql`-${eventCounts.n}::bigint`;
  return sql`select ${eventCounts.bucket} as t, ${eventCounts.cameraId} as camera_id, ${n} as n
    from ${eventCounts} where ${where}`;
}

/** Quarter hours of [a, b) of the whole workspace (no camera). */
function workspaceQuarterRows(s: CountScope, a: Date, b: Date): SQL {
  const where = and(
    eq(eventCountsWorkspace.workspaceId, s.workspaceId),
    sql`${eventCountsWorkspace.bucket} >= ${ts(a)} and ${eventCountsWorkspace.bucket} < ${ts(b)}`,
    kindOf(sql`${eventCountsWorkspace.kind}`, s),
  );
  return sql`select ${eventCountsWorkspace.bucket} as t, null::uuid as camera_id, ${eventCountsWorkspace.n}::bigint as n
    from ${eventCountsWorkspace} where ${where}`;
}

/** UTC days of [a, b) per camera (t = the day's first instant). */
function cameraDayRows(s: CountScope, a: Date, b: Date): SQL {
  const where = and(
    eq(eventCountsDaily.workspaceId, s.workspaceId),
    sql`${eventCountsDaily.day} >= ${a.toISOString().slice(0, 10)}::date and ${eventCountsDaily.day} < ${b.toISOString().slice(0, 10)}::date`,
    s.cameras === null ? undefined : sql`${eventCountsDaily.cameraId} = any(${uuids(s.cameras)})`,
    kindOf(sql`${eventCountsDaily.kind}`, s),
  );
  return sql`select ${eventCountsDaily.day}::timestamp at time zone 'UTC' as t, ${eventCountsDaily.cameraId} as camera_id,
      ${eventCountsDaily.n}::bigint as n from ${eventCountsDaily} where ${where}`;
}

const HALF_DAY = DAY_MS / 2;

/**
 * Quarter-aligned [a, b) for per-camera totals: whole UTC days from the daily table; a ragged day
 * from its quarter hours, or, when it covers most of the day, as the whole day less the quarter
 * hours it leaves out (a local-midnight period in UTC+1 ends 23 hours into a UTC day).
 */
function totalParts(s: CountScope, a: Date, b: Date): SQL[] {
  const parts: SQL[] = [];
  /** The part [x, y) of the UTC day starting at `day`. */
  const partial = (day: Date, x: Date, y: Date) => {
    if (x >= y) return;
    const end = new Date(day.getTime() + DAY_MS);
    if (y.getTime() - x.getTime() <= HALF_DAY) {
      parts.push(cameraQuarterRows(s, x, y));
      return;
    }
    parts.push(cameraDayRows(s, day, end));
    if (day < x) parts.push(cameraQuarterRows(s, day, x, -1));
    if (y < end) parts.push(cameraQuarterRows(s, y, end, -1));
  };
  const firstDay = floorTo(a, DAY_MS);
  const lastDay = floorTo(new Date(b.getTime() - 1), DAY_MS);
  if (firstDay.getTime() === lastDay.getTime()) {
    partial(firstDay, a, b);
    return parts;
  }
  const dLo = ceilTo(a, DAY_MS);
  const dHi = floorTo(b, DAY_MS);
  partial(firstDay, a, dLo);
  if (dLo < dHi) parts.push(cameraDayRows(s, dLo, dHi));
  partial(dHi, dHi, b);
  return parts;
}

/**
 * The period's counted events as (t, camera_id, n) rows. `time`: t keeps its quarter hour (days,
 * hours, the heat map; camera_id is null when the whole workspace counts); `total`: t may be a
 * whole UTC day (per camera, per site). `rollup: false` reads only events (the benchmark's
 * baseline, and the tests' cross-check).
 */
export function countedRows(s: CountScope, p: Period, need: 'time' | 'total', opts: { rollup?: boolean } = {}): SQL {
  const qLo = ceilTo(p.from, BUCKET_MS);
  const qHi = floorTo(p.to, BUCKET_MS);
  if (opts.rollup === false || qLo >= qHi) return rawRows(s, p.from, p.to);
  const parts: SQL[] = [];
  if (p.from < qLo) parts.push(rawRows(s, p.from, qLo));
  if (qHi < p.to) parts.push(rawRows(s, qHi, p.to));
  if (need === 'time') {
    parts.push(s.cameras === null ? workspaceQuarterRows(s, qLo, qHi) : cameraQuarterRows(s, qLo, qHi));
  } else {
    parts.push(...totalParts(s, qLo, qHi));
  }
  return sql.join(parts, sql` union all `);
}

/** The instant a local hour starts, for an instant `t` (the repeated hour of a DST change stays two hours). */
const localHourStart = (t: SQL, tz: string) =>
  sql`(${t} - ((${t} at time zone ${tz}) - date_trunc('hour', ${t} at time zone ${tz})))`;

export const analyticsRepo = {
  workspaceTimeZone,
  localMidnight,

  /** A site of the workspace the caller reaches (any camera of it in their scope, or no limit). */
  async site(db: DbOrTx, workspaceId: string, scope: CameraScope, siteId: string) {
    const [row] = await db
      .select({ id: sites.id, name: sites.name, timezone: sites.timezone })
      .from(sites)
      .where(
        and(
          eq(sites.id, siteId),
          eq(sites.workspaceId, workspaceId),
          scope === null
            ? undefined
            : sql`exists (select 1 from ${cameras} c where c.site_id = ${sites.id} and ${cameraInScope(sql`c.id`, scope)})`,
        ),
      );
    return row;
  },

  /** The cameras a caller's figures cover (their scope, narrowed to a site or a camera), by name. */
  async cameras(db: DbOrTx, f: CameraFilter) {
    return db
      .select({ id: cameras.id, name: cameras.name, siteId: cameras.siteId, createdAt: cameras.createdAt })
      .from(cameras)
      .where(
        and(
          eq(cameras.workspaceId, f.workspaceId),
          cameraInScope(cameras.id, f.cameraIds),
          f.siteId ? eq(cameras.siteId, f.siteId) : undefined,
          f.cameraId ? eq(cameras.id, f.cameraId) : undefined,
        ),
      )
      .orderBy(cameras.name, cameras.id);
  },

  /** Names of the workspace's sites among these ids. */
  async siteNames(db: DbOrTx, workspaceId: string): Promise<Map<string, string>> {
    const rows = await db
      .select({ id: sites.id, name: sites.name })
      .from(sites)
      .where(eq(sites.workspaceId, workspaceId));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /**
   * Counts by group. Day and hour come back for every day or hour of the period, zeros
   * included (key: the local date; the hour's first instant with its local label); camera and
   * site only where something happened (the service adds the quiet ones).
   */
  async counts(db: DbOrTx, s: CountScope, p: Period, tz: string, by: Grouping, opts: { rollup?: boolean } = {}) {
    const rows = countedRows(s, p, by === 'day' || by === 'hour' ? 'time' : 'total', opts);
    let q: SQL;
    if (by === 'day') {
      q = sql`with c as (${rows}), g as (
          select (c.t at time zone ${tz})::date as k, sum(c.n) as n from c group by 1)
        select d::date::text as key, d::date::text as label, coalesce(g.n, 0)::bigint as n
        from generate_series((${ts(p.from)} at time zone ${tz})::date,
                             ((${ts(p.to)} - interval '1 microsecond') at time zone ${tz})::date, interval '1 day') d
        left join g on g.k = d::date order by 1`;
    } else if (by === 'hour') {
      q = sql`with c as (${rows}), g as (
          select ${localHourStart(sql`c.t`, tz)} as k, sum(c.n) as n from c group by 1)
        select to_char(h at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as key,
               to_char(h at time zone ${tz}, 'YYYY-MM-DD HH24:00') as label, coalesce(g.n, 0)::bigint as n
        from generate_series(${localHourStart(ts(p.from), tz)}, ${ts(p.to)} - interval '1 microsecond', interval '1 hour') h
        left join g on g.k = h order by h`;
    } else if (by === 'camera') {
      q = sql`select c.camera_id::text as key, '' as label, sum(c.n)::bigint as n from (${rows}) c group by 1`;
    } else {
      q = sql`select cam.site_id::text as key, '' as label, sum(c.n)::bigint as n
        from (${rows}) c join ${cameras} cam on cam.id = c.camera_id group by 1`;
    }
    const res = await db.execute<{ key: string | null; label: string; n: string }>(q);
    return res.rows.map((r) => ({ key: r.key, label: r.label, count: Number(r.n) }));
  },

  /** Counts by local weekday (ISO: Monday 1 … Sunday 7) and hour, where something happened. */
  async heatmap(db: DbOrTx, s: CountScope, p: Period, tz: string, opts: { rollup?: boolean } = {}) {
    const res = await db.execute<{ wd: number; h: number; n: string }>(sql`
      select extract(isodow from c.t at time zone ${tz})::int as wd, extract(hour from c.t at time zone ${tz})::int as h,
             sum(c.n)::bigint as n
      from (${countedRows(s, p, 'time', opts)}) c group by 1, 2`);
    return res.rows.map((r) => ({ weekday: r.wd, hour: r.h, count: Number(r.n) }));
  },
};
