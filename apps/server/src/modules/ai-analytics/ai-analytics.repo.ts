import { type DbOrTx, schema } from '@vigil/db';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type CameraScope, cameraInScope } from '../../lib/camera-scope.ts';
import { localMidnight, workspaceTimeZone } from '../../lib/workspace-time.ts';

const { cameras, events, users, workspaces } = schema;

/** A period the figures cover: [from, to). */
export interface Period {
  from: Date;
  to: Date;
}

/** Which detections count: a workspace's, of these cameras. */
export interface DetectionScope {
  workspaceId: string;
  cameras: readonly string[];
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The period's `ai.detection` events of these cameras (the kind index: one range per workspace). */
function detectionsWhere(s: DetectionScope, p: Period): SQL | undefined {
  return and(
    eq(events.workspaceId, s.workspaceId),
    eq(events.kind, 'ai.detection'),
    sql`${events.cameraId} = any(${sql.param([...s.cameras])}::uuid[])`,
    sql`${events.startAt} >= ${ts(p.from)} and ${events.startAt} < ${ts(p.to)}`,
  );
}

/** An event's labels, each once (detail.labels; an event without any counts as no label). */
const labelsOf = sql`(select distinct l from jsonb_array_elements_text(
    case when jsonb_typeof(${events.detail}->'labels') = 'array' then ${events.detail}->'labels' else '[]'::jsonb end) l)`;

export const aiAnalyticsRepo = {
  workspaceTimeZone,
  localMidnight,

  /** The cameras the caller's figures cover (their scope, or one camera of it), by name. */
  async cameras(db: DbOrTx, workspaceId: string, scope: CameraScope, cameraId?: string) {
    return db
      .select({ id: cameras.id, name: cameras.name })
      .from(cameras)
      .where(
        and(
          eq(cameras.workspaceId, workspaceId),
          cameraInScope(cameras.id, scope),
          cameraId ? eq(cameras.id, cameraId) : undefined,
        ),
      )
      .orderBy(cameras.name, cameras.id);
  },

  /** Detections per local day and label, and per local day, where some happened. */
  async perDayLabel(db: DbOrTx, s: DetectionScope, p: Period, tz: string) {
    const day = sql`(${events.startAt} at time zone ${tz})::date::text`;
    const [labels, totals] = await Promise.all([
      db.execute<{ day: string; label: string; n: string }>(sql`
        select ${day} as day, lbl.l as label, count(*)::bigint as n
        from ${events} cross join lateral ${labelsOf} lbl(l)
        where ${detectionsWhere(s, p)} group by 1, 2`),
      db.execute<{ day: string; n: string }>(sql`
        select ${day} as day, count(*)::bigint as n from ${events} where ${detectionsWhere(s, p)} group by 1`),
    ]);
    return {
      labels: labels.rows.map((r) => ({ day: r.day, label: r.label, count: Number(r.n) })),
      totals: totals.rows.map((r) => ({ day: r.day, count: Number(r.n) })),
    };
  },

  /** The period's local dates, first to last. */
  async days(db: DbOrTx, p: Period, tz: string): Promise<string[]> {
    const res = await db.execute<{ d: string }>(sql`
      select d::date::text as d from generate_series((${ts(p.from)} at time zone ${tz})::date,
        ((${ts(p.to)} - interval '1 microsecond') at time zone ${tz})::date, interval '1 day') d order by 1`);
    return res.rows.map((r) => r.d);
  },

  /** Detection events per camera, where some happened. */
  async perCamera(db: DbOrTx, s: DetectionScope, p: Period) {
    const res = await db.execute<{ camera_id: string; n: string }>(sql`
      select ${events.cameraId}::text as camera_id, count(*)::bigint as n from ${events}
      where ${detectionsWhere(s, p)} group by 1`);
    return new Map(res.rows.map((r) => [r.camera_id, Number(r.n)]));
  },

  /** Detection events by local weekday (ISO: Monday 1 … Sunday 7) and hour, where some happened. */
  async heatmap(db: DbOrTx, s: DetectionScope, p: Period, tz: string) {
    const res = await db.execute<{ wd: number; h: number; n: string }>(sql`
      select extract(isodow from ${events.startAt} at time zone ${tz})::int as wd,
             extract(hour from ${events.startAt} at time zone ${tz})::int as h, count(*)::bigint as n
      from ${events} where ${detectionsWhere(s, p)} group by 1, 2`);
    return res.rows.map((r) => ({ weekday: r.wd, hour: r.h, count: Number(r.n) }));
  },

  /**
   * The AI analyses used this billing period and the plan's quota, as the AI module counts them
   * (modules/ai/ai.repo.ts): the owner's `usage.aiAnalysisUsed`, 0 when it counted an earlier
   * period (a paid subscription's period, else the calendar month in UTC).
   */
  async quota(db: DbOrTx, workspaceId: string) {
    const res = await db.execute<{ used: number; quota: number }>(sql`
      with p as (select coalesce(
        (select s.period_start from subscriptions s
           where s.workspace_id = ${workspaceId} and s.interval is not null and s.period_start is not null),
        date_trunc('month', now() at time zone 'UTC') at time zone 'UTC') as period)
      select (case when u.ai_usage_period = p.period
                then coalesce(floor((u.usage->>'aiAnalysisUsed')::float8)::int, 0) else 0 end) as used,
             coalesce(floor((u.limits->>'aiAnalysisQuota')::float8)::int, 0) as quota
      from ${users} u, p where u.id = (select owner_id from ${workspaces} where id = ${workspaceId})`);
    const row = res.rows[0];
    return { used: Number(row?.used ?? 0), quota: Number(row?.quota ?? 0) };
  },
};
