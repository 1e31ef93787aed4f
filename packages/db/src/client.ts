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

export function createDb(connectionString: string, max = 10) {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool };
}
