import { type DbOrTx, schema } from '@vigil/db';
import type { ListQuery } from '@vigil/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type ListSpec, listPage, planList } from '../../lib/list-query.ts';
import type { UserRow } from './user-doc.ts';

const u = schema.users;

/** What the admin users list may filter and sort on (spec §7 query convention). */
const usersList: ListSpec = {
  filters: {
    role: { expr: sql`${u.role}`, type: 'text' },
    plan: { expr: sql`${u.plan}`, type: 'text' },
    planStatus: { expr: sql`${u.planStatus}`, type: 'text' },
    disabled: { expr: sql`(${u.disabledAt} is not null)`, type: 'bool' },
    email: { expr: sql`lower(${u.email})`, type: 'text' },
  },
  sorts: {
    createdAt: { expr: sql`${u.createdAt}`, type: 'date' },
    lastLoginAt: { expr: sql`coalesce(${u.lastLoginAt}, 'epoch'::timestamptz)`, type: 'date' },
    email: { expr: sql`lower(${u.email})`, type: 'text' },
    displayName: { expr: sql`lower(${u.displayName})`, type: 'text' },
  },
  id: sql`${u.id}`,
  defaultSort: { field: 'createdAt', desc: true },
};

export async function listUsersPage(db: DbOrTx, query: ListQuery & { q?: string }) {
  const extra: SQL[] = [];
  if (query.q?.trim()) {
    const like = `%${query.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    extra.push(sql`(${u.email} ilike ${like} or ${u.displayName} ilike ${like})`);
  }
  const { rows, nextCursor } = await listPage(db, u, planList(query, usersList, extra));
  return { rows: rows as UserRow[], nextCursor };
}
