import { LIST_DEFAULT_LIMIT, type Role, type WhereClause } from '@vigil/shared';

export interface UsersFilter {
  /** Free text matched by the server against email and display name. */
  q: string;
  role: Role | '';
}

/** The query string of GET /api/v1/admin/users for a filter and page (spec §7 list shape). */
export function usersQueryString(filter: UsersFilter, cursor: string | null, limit = LIST_DEFAULT_LIMIT): string {
  const params = new URLSearchParams({ orderBy: 'createdAt:desc', limit: String(limit) });
  const where: WhereClause[] = filter.role ? [{ field: 'role', op: '==', value: filter.role }] : [];
  if (where.length > 0) params.set('where', JSON.stringify(where));
  const q = filter.q.trim();
  if (q) params.set('q', q);
  if (cursor) params.set('startAfter', cursor);
  return params.toString();
}
