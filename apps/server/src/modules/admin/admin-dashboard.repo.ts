import type { DbOrTx } from '@vigil/db';
import { sql } from 'drizzle-orm';

/**
 * The administrator's dashboard figures, read across every workspace. Each is one aggregate over
 * an indexed table (or a small one: live nodes, plans), so the whole page costs a few milliseconds
 * even at thousands of cameras.
 */

const OFFLINE_SHOWN = 10;
const SIGNUP_DAYS = 30;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export const adminDashboardRepo = {
  /** Live recorder processes and the cameras each holds an unexpired lease on. */
  async recorders(db: DbOrTx) {
    const r = await db.execute<{ id: string; hostname: string; started_at: string; cameras: number }>(sql`
      select n.id::text, n.hostname, n.started_at,
             (select count(*) from camera_leases l where l.holder_id = n.id and l.expires_at > now())::int as cameras
      from vigil_nodes n
      where n.expires_at > now() and 'record' = any(n.roles)
      order by n.hostname, n.started_at`);
    return r.rows.map((x) => ({ id: x.id, hostname: x.hostname, startedAt: iso(x.started_at)!, cameras: x.cameras }));
  },

  /** Camera counts: all, enabled-but-not-online, and enabled cameras no live recorder holds. */
  async cameraCounts(db: DbOrTx) {
    const r = await db.execute<{ total: number; offline: number; unassigned: number }>(sql`
      select count(*)::int as total,
             count(*) filter (where c.enabled and c.status <> 'online')::int as offline,
             count(*) filter (where c.enabled and not exists (
               select 1 from camera_leases l join vigil_nodes n on n.id = l.holder_id
               where l.camera_id = c.id and l.expires_at > now() and n.expires_at > now()))::int as unassigned
      from cameras c`);
    return r.rows[0]!;
  },

  /** The cameras offline longest, with their workspace's name. */
  async offlineCameras(db: DbOrTx) {
    const r = await db.execute<{
      id: string;
      name: string;
      workspace_name: string;
      status: string;
      since: string | null;
    }>(sql`
      select c.id::text, c.name, w.name as workspace_name, c.status, c.status_changed_at as since
      from cameras c join workspaces w on w.id = c.workspace_id
      where c.enabled and c.status <> 'online'
      order by c.status_changed_at asc nulls first, c.id
      limit ${OFFLINE_SHOWN}`);
    return r.rows.map((x) => ({
      id: x.id,
      name: x.name,
      workspaceName: x.workspace_name,
      status: x.status,
      since: iso(x.since),
    }));
  },

  /** The database's size on disk and how long a round trip to it takes from this process. */
  async database(db: DbOrTx) {
    const started = performance.now();
    await db.execute(sql`select 1`);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const r = await db.execute<{ size: string }>(sql`select pg_database_size(current_database())::text as size`);
    return { sizeBytes: Number(r.rows[0]!.size), latencyMs };
  },

  /** Accounts created per UTC day over the last 30 days, days with none included. */
  async signups(db: DbOrTx) {
    const r = await db.execute<{ day: string; count: number }>(sql`
      with days as (
        select generate_series((now() at time zone 'utc')::date - ${SIGNUP_DAYS - 1}::int,
                               (now() at time zone 'utc')::date, interval '1 day')::date as day)
      select to_char(d.day, 'YYYY-MM-DD') as day, count(u.id)::int as count
      from days d
      left join users u on u.created_at >= d.day::timestamp at time zone 'utc'
                       and u.created_at < (d.day + 1)::timestamp at time zone 'utc'
      group by d.day order by d.day`);
    return r.rows;
  },

  async plans(db: DbOrTx) {
    const r = await db.execute<{ plan: string; status: string; count: number }>(sql`
      select plan_key as plan, status, count(*)::int as count
      from subscriptions group by plan_key, status order by plan_key, status`);
    return r.rows;
  },

  /** Payments received since the first of the month (UTC), per currency. */
  async revenueThisMonth(db: DbOrTx) {
    const r = await db.execute<{ currency: string; amount: string; payments: number }>(sql`
      select currency, sum(amount_minor)::text as amount, count(*)::int as payments
      from payments
      where paid_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc'
      group by currency order by currency`);
    return r.rows.map((x) => ({ currency: x.currency, amountMinor: Number(x.amount), payments: x.payments }));
  },
};
