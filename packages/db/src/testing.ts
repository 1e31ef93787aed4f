import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Test databases: the run's global setup migrates one template database; each test file
 * clones it (CREATE DATABASE … TEMPLATE is a file copy, ~50 ms) so files run in parallel
 * without sharing rows.
 */
export const TEMPLATE_DB = 'vigil_template';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function cloneTemplate(adminUrl: string): Promise<string> {
  const name = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  } finally {
    await client.end();
  }
  return withDatabase(adminUrl, name);
}
