import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = ReturnType<typeof createDb>['db'];
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repository accepts either the pool-backed db or a transaction. */
export type DbOrTx = Db | Tx;

// int8 (bigint: byte sizes, count(*)) as a JS number rather than a string. Byte counts stay far
// below 2^53 (9 PB), so nothing is lost, and raw SQL answers the same type as the schema.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * A pool that fails fast instead of hanging when the database is gone or frozen: connecting gives
 * up after 5 s, a statement after 15 s on the server, and a reply that never comes after 20 s on
 * the client (a frozen server cannot enforce its own timeout). Requests then answer 503/504.
 * Migrations pass `timeouts: false`: they may legitimately run long.
 */
export function createDb(connectionString: string, max = 10, opts: { timeouts?: boolean } = {}) {
  const limits =
    opts.timeouts === false ? {} : { connectionTimeoutMillis: 5000, statement_timeout: 15_000, query_timeout: 20_000 };
  const pool = new pg.Pool({ connectionString, max, ...limits });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool };
}
