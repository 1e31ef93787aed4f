import type { DbOrTx } from '@vigil/db';
import { sql } from 'drizzle-orm';
import { type ScopedActor, cameraInScope } from '../../lib/camera-scope.ts';

/**
 * The manager's dashboard figures for one workspace. Each is an aggregate over an index that
 * starts with the workspace (memberships, sessions, tasks, events' alerts, daily event counts),
 * so a page of 500 cameras and 50 members costs a few small index ranges.
 */

/** A member counts as "on now" when one of their sessions in this workspace was used this recently. */
const ON_NOW = '5 minutes';
const WEEK_DAYS = 7;
const inScope = (column: ReturnType<typeof sql.raw>, a: ScopedActor) => cameraInScope(column, a.cameraIds) ?? sql`true`;

export const managerDashboardRepo = {
  async team(db: DbOrTx, workspaceId: string) {
    const r = await db.execute<{ uid: string; display_name: string; role: string; on_now: boolean }>(sql`
      select u.id::text as uid, u.display_name, m.role,
             exists (select 1 from sessions s where s.user_id = m.user_id and s.workspace_id = m.workspace_id
                     and s.expires_at > now() and s.last_seen_at > now() - ${ON_NOW}::interval) as on_now
      from memberships m join users u on u.id = m.user_id
      where m.workspace_id = ${workspaceId} and u.disabled_at is null
      order by u.display_name, u.id`);
    const p = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from invitations
      where workspace_id = ${workspaceId} and accepted_at is null and revoked_at is null and expires_at > now()`);
    return {
      members: r.rows.length,
      onNow: r.rows.filter((x) => x.on_now).map((x) => ({ uid: x.uid, displayName: x.display_name, role: x.role })),
      pendingInvitations: p.rows[0]!.n,
      everInvited: r.rows.length > 1 || p.rows[0]!.n > 0,
    };
  },

  async tasks(db: DbOrTx, workspaceId: string) {
    const r = await db.execute<{ open: number; overdue: number }>(sql`
      select count(*)::int as open, count(*) filter (where due_at < now())::int as overdue
      from tasks where workspace_id = ${workspaceId} and status in ('open', 'in_progress')`);
    return r.rows[0]!;
  },

  async alertsBySite(db: DbOrTx, a: ScopedActor) {
    const r = await db.execute<{ site_id: string | null; name: string | null; count: number }>(sql`
      select c.site_id::text, s.name, count(*)::int as count
      from events e join cameras c on c.id = e.camera_id left join sites s on s.id = c.site_id
      where e.workspace_id = ${a.workspaceId} and e.severity = 'alert' and e.acknowledged_at is null
        and e.start_at > now() - ${`${WEEK_DAYS} days`}::interval and ${inScope(sql.raw('e.camera_id'), a)}
      group by c.site_id, s.name order by count desc, s.name nulls last`);
    return r.rows.map((x) => ({ siteId: x.site_id, name: x.name, count: x.count }));
  },

  /** Events per day of the workspace's calendar, the last 7 days, days with none included. */
  async week(db: DbOrTx, a: ScopedActor) {
    const r = await db.execute<{ day: string; count: number }>(sql`
      with tz as (select time_zone from workspaces where id = ${a.workspaceId}),
      days as (
        select generate_series((now() at time zone (select time_zone from tz))::date - ${WEEK_DAYS - 1}::int,
                               (now() at time zone (select time_zone from tz))::date, interval '1 day')::date as day)
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(e.n), 0)::int as count
      from days d left join event_counts_daily e
        on e.workspace_id = ${a.workspaceId} and e.day = d.day and ${inScope(sql.raw('e.camera_id'), a)}
      group by d.day order by d.day`);
    return r.rows;
  },

  /**
   * The checklist's state. The audit log says what people did: a live view opened, and who is
   * alerted chosen (a rule made or changed, the notification settings saved; the rule every new
   * workspace starts with is nobody's choice and does not count).
   */
  async gettingStarted(db: DbOrTx, workspaceId: string, uid: string) {
    const r = await db.execute<{ camera: boolean; live: boolean; alerts: boolean; dismissed: boolean }>(sql`
      select exists (select 1 from cameras where workspace_id = ${workspaceId}) as camera,
             exists (select 1 from audit_log where workspace_id = ${workspaceId} and action = 'live.opened') as live,
             exists (select 1 from audit_log where workspace_id = ${workspaceId} and action in
               ('notification-rule.created', 'notification-rule.updated', 'settings.notifications-changed')) as alerts,
             (select getting_started_dismissed_at is not null from users where id = ${uid}) as dismissed`);
    return r.rows[0]!;
  },

  async dismissGettingStarted(db: DbOrTx, uid: string): Promise<void> {
    await db.execute(sql`
      update users set getting_started_dismissed_at = coalesce(getting_started_dismissed_at, now()) where id = ${uid}`);
  },
};
