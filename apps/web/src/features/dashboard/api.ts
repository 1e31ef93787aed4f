import type { AdminDashboard, AlertCenter, ManagerDashboard } from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

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
