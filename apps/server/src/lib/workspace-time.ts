import { type DbOrTx, schema } from '@vigil/db';
import { eq, sql } from 'drizzle-orm';

/** The workspace's time zone, which its figures' local days are read in (UTC when unset). */
export async function workspaceTimeZone(db: DbOrTx, workspaceId: string): Promise<string> {
  const { workspaces } = schema;
  const [row] = await db.select({ tz: workspaces.timeZone }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.tz ?? 'UTC';
}

/** The instant a local date (YYYY-MM-DD) starts in a zone, as PostgreSQL's zone database reads it. */
export async function localMidnight(db: DbOrTx, date: string, tz: string): Promise<Date> {
  const res = await db.execute<{ ms: number }>(
    sql`select (extract(epoch from (${date}::date::timestamp at time zone ${tz})) * 1000)::float8 as ms`,
  );
  return new Date(Number(res.rows[0]!.ms));
}
