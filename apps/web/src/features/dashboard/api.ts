import type { AdminDashboard, AlertCenter, ManagerDashboard } from '@vigil/shared';
import { LIST_MAX_LIMIT, type Page, type UserDoc } from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

/** Enough pages for any installation this dashboard is meant for; past it we say "N+". */
const MAX_PAGES = 50;

export interface UserCount {
  count: number;
  /** True when counting stopped at MAX_PAGES, so the figure is a lower bound. */
  capped: boolean;
}

/** The list endpoint has no total, so the admin dashboard counts by paging through it. */
async function countUsers(): Promise<UserCount> {
  let count = 0;
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = new URLSearchParams({ limit: String(LIST_MAX_LIMIT), orderBy: 'createdAt:desc' });
    if (cursor) params.set('startAfter', cursor);
    const result: Page<UserDoc> = unwrap(await request<Page<UserDoc>>('GET', `/api/v1/admin/users?${params}`));
    count += result.items.length;
    cursor = result.nextCursor;
    if (!cursor) return { count, capped: false };
  }
  return { count, capped: true };
}

export const userCountQuery = queryOptions({ queryKey: ['admin', 'users', 'count'], queryFn: countUsers });

/** The latest alerts (the same list as the bell), for the dashboards' card. */
export const latestAlertsQuery = queryOptions({
  queryKey: ['alerts'],
  queryFn: async () => unwrap(await request<AlertCenter>('GET', '/api/v1/alerts')),
});

/** The installation at a glance (administrators); refreshed when `admin.installation` speaks. */
export const adminDashboardQuery = queryOptions({
  queryKey: ['admin', 'dashboard'],
  queryFn: async () => unwrap(await request<AdminDashboard>('GET', '/api/v1/admin/dashboard')),
});

/** The workspace at a glance (owners and managers) with the getting-started checklist. */
export const managerDashboardQuery = queryOptions({
  queryKey: ['dashboard', 'manager'],
  queryFn: async () => unwrap(await request<ManagerDashboard>('GET', '/api/v1/dashboard/manager')),
});

export function useDismissGettingStarted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await request<{ ok: true }>('POST', '/api/v1/dashboard/getting-started/dismiss')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managerDashboardQuery.queryKey }),
  });
}

/** The checklist's one-click try: a test-pattern camera, quiet by default (no alerts, no AI). */
export function useTryTestPattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      unwrap(
        await request<{ id: string }>('POST', '/api/v1/cameras', {
          name,
          source: { type: 'test-pattern' },
          recordingMode: 'continuous',
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managerDashboardQuery.queryKey }),
  });
}
