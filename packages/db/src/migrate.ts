import { readFileSync } from 'node:fs';
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
    // Most starts find nothing to do: one query says so, without the lock or reading every file.
    if (await upToDate(client)) return;
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/**
 * Whether the database already has the newest committed migration, by drizzle's own rule (a
 * migration runs when its journal time is later than the last one applied): the journal's last
 * time against the applied table's. A database without the table is not up to date.
 */
export async function upToDate(client: pg.PoolClient): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  const applied = await client
    .query<{ applied: string | null }>('select max(created_at)::text as applied from drizzle.__drizzle_migrations')
    .then(
      (r) => r.rows[0]?.applied ?? null,
      // A new database: no table yet (42P01), or no drizzle schema (3F000).
      () => null,
    );
  return applied !== null && Number(applied) >= newest;
}
