import { type DbOrTx, schema } from '@vigil/db';
import { type SQL, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

const { subscriptions: s, plans, workspaces, users, invoices: i, creditNotes: cn, storageDaily } = schema;

/**
 * A table's row from its `to_jsonb` (PostgreSQL's column names), each field through its column's
 * own decoder: the row drizzle would read from the table (JSON writes a timestamp as ISO text, which
 * the column's decoder reads as it reads PostgreSQL's text).
 */
function fromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** Newest first, at most `limit`, as one JSON array of `item` (rows of `from`, aliased `x`). */
const newest = (
  item: SQL,
  from: SQL,
  limit: number,
) => sql`(select coalesce(json_agg(${item} order by x.issued_at desc, x.id desc), '[]'::json)
  from (${from} order by issued_at desc, id desc limit ${limit}) x)`;

/**
 * What the billing page shows of a workspace in one query: its subscription, the plan, the owner's
 * usage, the newest invoices (with their plan's name) and credit notes (with their invoice's number)
 * and the storage of the last days. They were six queries one after another, each a round trip;
 * in parallel one page took half the pool. Undefined: no subscription, plan or owner.
 */
export async function billingPage(db: DbOrTx, workspaceId: string, limit: number, days: number) {
  const [row] = await db
    .select({
      sub: getTableColumns(s),
      plan: getTableColumns(plans),
      usage: users.usage,
      invoices: newest(
        sql`json_build_object('invoice', to_jsonb(x), 'planName', coalesce((select p.name from ${plans} p where p.key = x.plan_key), x.plan_key))`,
        sql`select * from ${i} where ${i.workspaceId} = ${workspaceId}`,
        limit,
      ).mapWith((v: { invoice: Record<string, unknown>; planName: string }[]) =>
        v.map((r) => ({ invoice: fromJson(i, r.invoice), planName: r.planName })),
      ),
      creditNotes: newest(
        sql`json_build_object('note', to_jsonb(x), 'invoiceNumber', (select n.number from ${i} n where n.id = x.invoice_id))`,
        sql`select * from ${cn} where ${cn.workspaceId} = ${workspaceId}`,
        limit,
      ).mapWith((v: { note: Record<string, unknown>; invoiceNumber: string }[]) =>
        v.map((r) => ({ note: fromJson(cn, r.note), invoiceNumber: r.invoiceNumber })),
      ),
      storageHistory: sql<{ day: string; bytes: number }[]>`(select coalesce(json_agg(json_build_object(
          'day', d.day, 'bytes', d.bytes) order by d.day), '[]'::json) from ${storageDaily} d
        where d.workspace_id = ${workspaceId} and d.day > (now() at time zone 'UTC')::date - ${days}::int)`,
    })
    .from(s)
    .innerJoin(plans, eq(plans.key, s.planKey))
    .innerJoin(workspaces, eq(workspaces.id, s.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(s.workspaceId, workspaceId))
    .limit(1);
  return row;
}
