import { createRequire } from 'node:module';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Db } from './client.ts';

/**
 * The committed migrations, found through the package itself so the path holds from the sources
 * and from the production bundle (apps/server/dist) alike.
 */
export const MIGRATIONS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vigil/db/package.json')),
  'migrations',
);

/** Any fixed number: the lock every starting process takes around the migrations. */
const MIGRATION_LOCK = 0x76_69_67_69;

/**
 * Applies the committed migrations; safe to run on every start (drizzle tracks them). Several
 * processes starting at once against one database take turns under an advisory lock, so the
 * second finds the work done. Lock and migrations share one connection: the lock is the session's.
 */
export async function runMigrations(db: Db): Promise<void> {
  const client = await (db.$client as pg.Pool).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
