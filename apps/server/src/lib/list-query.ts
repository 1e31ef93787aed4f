import { LIST_DEFAULT_LIMIT, type ListQuery, type WhereClause, whereClauseSchema } from '@vigil/shared';
import type { DbOrTx } from '@vigil/db';
import { type SQL, and, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * The one list convention (spec §7: where, orderBy, limit, startAfter) for every collection.
 * A collection names the fields it lets callers filter and sort on; anything else is
 * `invalid-argument`. Paging is keyset: the cursor holds the last row's sort value and id,
 * so pages stay stable while rows are added.
 */
export type FieldType = 'text' | 'bool' | 'date' | 'number';
export interface ListField {
  expr: SQL;
  type: FieldType;
}
export interface ListSpec {
  filters: Record<string, ListField>;
  sorts: Record<string, ListField>;
  id: SQL;
  defaultSort: { field: string; desc: boolean };
}
export interface PlannedList {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  /** Select this (as text) with each row and hand it to cursorFor: full precision, no rounding. */
  sortText: SQL<string>;
  /** Turns the last row of a full page into the next cursor. */
  cursorFor(sortValue: unknown, id: string): string;
}

/**
 * The keyset cursor codec every list uses: the last row's sort values and id, as PostgreSQL prints
 * them, in a base64url JSON array. Opaque to callers; checked to the character before it reaches SQL.
 */
export function encodeKeyset(values: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The cursor's values, or null when it is not a JSON array of ours. */
function readKeyset(text: string): unknown[] | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

const TIMESTAMP = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What one place of a cursor may hold: a timestamp, a timestamp or `infinity` (an open end), a row id. */
export type KeysetPart = 'timestamp' | 'timestamp-or-infinity' | 'uuid';
const partOk: Record<KeysetPart, (v: string) => boolean> = {
  timestamp: (v) => TIMESTAMP.test(v),
  'timestamp-or-infinity': (v) => v === 'infinity' || TIMESTAMP.test(v),
  uuid: (v) => UUID.test(v),
};

/** A previous page's nextCursor as its values, one per part; anything else is `invalid-argument`. */
export function decodeKeyset(text: string, parts: readonly KeysetPart[]): string[] {
  const v = readKeyset(text);
  if (v?.length === parts.length && v.every((x, i) => typeof x === 'string' && partOk[parts[i]!](x)))
    return v as string[];
  throw new AppError('invalid-argument', 'Invalid request parameters.', { startAfter: 'invalid cursor' });
}

const bad = (what: string) => new AppError('invalid-argument', 'Invalid request parameters.', { query: what });

function coerce(value: unknown, type: FieldType): unknown {
  if (value === null) return null;
  switch (type) {
    case 'bool':
      if (typeof value !== 'boolean') throw bad('expected a boolean');
      return value;
    case 'number':
      if (typeof value !== 'number') throw bad('expected a number');
      return value;
    case 'date': {
      const d = new Date(String(value));
      if (Number.isNaN(d.getTime())) throw bad('expected a date');
      return d.toISOString();
    }
    default:
      if (typeof value !== 'string') throw bad('expected text');
      return value;
  }
}

function condition(field: ListField, clause: WhereClause): SQL {
  const { op, value } = clause;
  if (op === 'in') {
    if (!Array.isArray(value) || value.length === 0) throw bad('"in" needs a non-empty list');
    const items = value.map((v) => coerce(v, field.type));
    return sql`${field.expr} in (${sql.join(
      items.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  }
  if (Array.isArray(value)) throw bad(`"${op}" takes one value`);
  if (op === 'contains') {
    if (field.type !== 'text' || typeof value !== 'string') throw bad('"contains" works on text');
    const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
    return sql`${field.expr} ilike ${`%${escaped}%`}`;
  }
  const v = coerce(value, field.type);
  if (v === null) {
    if (op === '==') return sql`${field.expr} is null`;
    if (op === '!=') return sql`${field.expr} is not null`;
    throw bad('null only compares with == or !=');
  }
  const sqlOp = { '==': '=', '!=': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' }[op];
  return sql`${field.expr} ${sql.raw(sqlOp)} ${v}`;
}

export function parseWhere(raw: string | undefined): WhereClause[] {
  if (!raw) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw bad('where must be JSON');
  }
  const parsed = z.array(whereClauseSchema).max(10).safeParse(json);
  if (!parsed.success) throw bad('where must be a list of { field, op, value }');
  return parsed.data;
}

/** A `startAfter` cursor's two values (the sort value as PostgreSQL's text, the row id); anything else is `invalid-argument`. */
export function cursorValues(startAfter: string): [string, string] {
  const cursor = readKeyset(startAfter);
  if (cursor?.length !== 2 || typeof cursor[0] !== 'string' || typeof cursor[1] !== 'string')
    throw bad('startAfter is not a cursor');
  return [cursor[0], cursor[1]];
}

/**
 * The list's conditions, order and limit. `after` puts other values in the keyset condition than
 * `query.startAfter`'s — placeholders, for a list whose SQL is built once and run with each cursor.
 */
export function planList(
  query: ListQuery,
  spec: ListSpec,
  extra: SQL[] = [],
  after?: readonly [unknown, unknown],
): PlannedList {
  const conditions = [...extra];
  for (const clause of parseWhere(query.where)) {
    // Own keys only: "constructor" or "__proto__" must not find Object.prototype's.
    const field = Object.hasOwn(spec.filters, clause.field) ? spec.filters[clause.field] : undefined;
    if (!field) throw bad(`cannot filter on ${clause.field}`);
    conditions.push(condition(field, clause));
  }
  const [sortName, dir] = (
    query.orderBy ?? `${spec.defaultSort.field}:${spec.defaultSort.desc ? 'desc' : 'asc'}`
  ).split(':');
  const sort = sortName && Object.hasOwn(spec.sorts, sortName) ? spec.sorts[sortName] : undefined;
  if (!sort) throw bad(`cannot sort on ${sortName}`);
  const desc = dir === 'desc';
  const keyset = after ?? (query.startAfter ? cursorValues(query.startAfter) : null);
  if (keyset) {
    // The sort value travels as Postgres's own text (microseconds survive); Postgres casts it back.
    const [v, id] = keyset;
    conditions.push(
      desc ? sql`(${sort.expr}, ${spec.id}) < (${v}, ${id})` : sql`(${sort.expr}, ${spec.id}) > (${v}, ${id})`,
    );
  }
  const direction = sql.raw(desc ? 'desc' : 'asc');
  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy: [sql`${sort.expr} ${direction}`, sql`${spec.id} ${direction}`],
    limit: query.limit ?? LIST_DEFAULT_LIMIT,
    sortText: sql<string>`(${sort.expr})::text`,
    cursorFor: (sortValue, id) => encodeKeyset([sortValue, id]),
  };
}

/** A table listed by the convention: its rows carry an `id`, the keyset's last word. */
type ListedTable = PgTable & { id: PgColumn };

/** One page of a planned list of `table`'s rows, and the cursor of the next page (null: the last). */
export async function listPage<T extends ListedTable>(
  db: DbOrTx,
  table: T,
  plan: PlannedList,
): Promise<{ rows: T['$inferSelect'][]; nextCursor: string | null }> {
  const rows = (await db
    .select({ row: table as PgTable, sortText: plan.sortText })
    .from(table as PgTable)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit + 1)) as unknown as { row: T['$inferSelect'] & { id: string }; sortText: string }[];
  const page = rows.slice(0, plan.limit);
  const last = page.at(-1);
  return {
    rows: page.map((r) => r.row),
    nextCursor: rows.length > plan.limit && last ? plan.cursorFor(last.sortText, last.row.id) : null,
  };
}
