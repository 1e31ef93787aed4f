import { createHash } from 'node:crypto';
import type { Db } from '@vigil/db';
import { Column, type DriverValueDecoder, SQL, fillPlaceholders, is, noopDecoder } from 'drizzle-orm';
import pg from 'pg';

/**
 * A read the API answers often, built once and run many times. drizzle builds a query's SQL text
 * anew on every call (walking every column and chunk of it), and maps each answer's fields through
 * three class checks per field and row before it reaches the column's own decoder: on the cameras
 * list (50–100 rows of ~45 columns) those two were a quarter of the server's CPU per answer. Here the
 * text and its parameters are made once from the query built with `sql.placeholder(name)` where the
 * values go; each run fills the placeholders, sends the text as is and decodes each field with the
 * decoder its column (or `sql<T>` fragment) declares: the same values drizzle's own mapping gives.
 */

/** What a selection may hold: columns, `sql<T>` fragments, and objects of them (one level or more). */
export type Selection = { [key: string]: Column | SQL | SQL.Aliased | Selection };

type Decode = (value: unknown) => unknown;
interface Field {
  /** Where the value goes in the row: one key, or the keys of the objects above it. */
  path: string[];
  decode: Decode | null;
}

/**
 * The types drizzle reads as PostgreSQL's text and decodes in the column (timestamps, dates,
 * intervals and their arrays): pg's own parsers would give other values than drizzle's columns do.
 * The OIDs are drizzle's list (node-postgres session).
 */
const AS_TEXT = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(oid) ? asText : pg.types.getTypeParser(oid, format as 'text'),
};

/** A fragment's decoder (`.mapWith`'s, or none): drizzle keeps it on the fragment without typing it. */
const decoderOf = (fragment: SQL) => (fragment as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;

/** The selection's fields in the order drizzle writes them into the select list (its keys, depth first). */
function fieldsOf(selection: Selection, above: string[] = []): Field[] {
  return Object.entries(selection).flatMap(([key, field]): Field[] => {
    const path = [...above, key];
    if (is(field, Column)) return [{ path, decode: (v) => field.mapFromDriverValue(v) }];
    const decoder = is(field, SQL) ? decoderOf(field) : is(field, SQL.Aliased) ? decoderOf(field.sql) : undefined;
    if (decoder) return [{ path, decode: decoder === noopDecoder ? null : (v) => decoder.mapFromDriverValue(v) }];
    return fieldsOf(field as Selection, path);
  });
}

/** A row of the answer (an array, in select-list order) as the selection's shape. */
function rowDecoder(fields: Field[]) {
  // Each object of the shape once (the row is the first), and each field as the object it goes in
  // and its key there: a row then costs one object per level and one assignment per field.
  const name = (path: string[]) => JSON.stringify(path);
  const objects: string[][] = [[]];
  for (const { path } of fields)
    for (let k = 1; k < path.length; k++)
      if (!objects.some((o) => name(o) === name(path.slice(0, k)))) objects.push(path.slice(0, k));
  const indexOf = (path: string[]) => objects.findIndex((o) => name(o) === name(path));
  const slots = fields.map(({ path, decode }) => ({ object: indexOf(path.slice(0, -1)), key: path.at(-1)!, decode }));
  const nesting = objects.slice(1).map((path) => ({ parent: indexOf(path.slice(0, -1)), key: path.at(-1)! }));
  return (values: unknown[]) => {
    const made: Record<string, unknown>[] = [{}];
    for (const { parent, key } of nesting) {
      const object = {};
      made[parent]![key] = object;
      made.push(object);
    }
    for (let i = 0; i < slots.length; i++) {
      const { object, key, decode } = slots[i]!;
      const raw = values[i];
      made[object]![key] = raw === null || raw === undefined ? null : decode ? decode(raw) : raw;
    }
    return made[0]!;
  };
}

export interface CompiledSelect<Row> {
  /** The query's rows for these placeholder values, through the root pool (not inside a transaction). */
  run(db: Db, values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * A named statement: each pooled connection parses and plans it once, then only binds the values
 * (an unnamed one sent and parsed the whole text — ~3 kB for the cameras list — on every run).
 * The name is the text's hash, so one text is one statement on every connection.
 */
const statementName = (text: string) => `vigil_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;

/**
 * Compiles `query`, a select of exactly `selection` (the same object it was built with), whose
 * values are `sql.placeholder(name)` where they change between runs. Values written into it as
 * they are stay in every run.
 */
export function compileSelect<Row>(
  selection: Selection,
  query: { toSQL(): { sql: string; params: unknown[] } },
): CompiledSelect<Row> {
  const { sql: text, params } = query.toSQL();
  const decode = rowDecoder(fieldsOf(selection));
  const name = statementName(text);
  return {
    async run(db, values) {
      const pool = db.$client as pg.Pool;
      const result = await pool.query<unknown[]>({
        name,
        text,
        values: fillPlaceholders(params, values),
        rowMode: 'array',
        types,
      });
      return result.rows.map(decode) as Row[];
    },
  };
}

/** What drizzle's database turns a `sql` statement into text and parameters with (not in its public type). */
type WithDialect = { dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } };

/**
 * Compiles a raw `sql` statement (what `db.execute` runs), with `sql.placeholder(name)` where its
 * values go, as a named statement whose rows come as objects keyed by column name, with the same
 * types `db.execute` gives (timestamps as PostgreSQL's text). For a read that is built of many
 * fragments: drizzle walks every one of them again on every `db.execute`.
 */
export function compileRaw<Row>(db: Db, query: SQL): CompiledSelect<Row> {
  const { sql: text, params } = (db as unknown as WithDialect).dialect.sqlToQuery(query);
  const name = statementName(text);
  return {
    async run(db, values) {
      const pool = db.$client as pg.Pool;
      const result = await pool.query({ name, text, values: fillPlaceholders(params, values), types });
      return result.rows as Row[];
    },
  };
}
