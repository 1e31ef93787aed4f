import {
  type AuthSettingsInput,
  type DeadJob,
  type DiskGuardSettings,
  type InstallationAlert,
  LIST_DEFAULT_LIMIT,
  type OutboxMessage,
  type Page,
} from '@vigil/shared';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export const outboxQuery = infiniteQueryOptions({
  queryKey: ['admin', 'outbox'],
  initialPageParam: null as string | null,
  queryFn: async ({ pageParam }) => {
    const params = new URLSearchParams({ limit: String(LIST_DEFAULT_LIMIT) });
    if (pageParam) params.set('startAfter', pageParam);
    return unwrap(await request<Page<OutboxMessage>>('GET', `/api/v1/admin/outbox?${params}`));
  },
  getNextPageParam: (last) => last.nextCursor,
});

export const authSettingsKey = ['admin', 'settings', 'auth'] as const;

export const authSettingsQuery = queryOptions({
  queryKey: authSettingsKey,
  queryFn: async () => unwrap(await request<AuthSettingsInput>('GET', '/api/v1/admin/settings/auth')),
});

export function useSaveAuthSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AuthSettingsInput) =>
      unwrap(await request<AuthSettingsInput>('PUT', '/api/v1/admin/settings/auth', input)),
    onSuccess: (saved) => queryClient.setQueryData(authSettingsKey, saved),
  });
}

export const failedJobsKey = ['admin', 'jobs', 'failed'] as const;

/** Background jobs that failed every attempt (exports, retention, …): retried or discarded here. */
export const failedJobsQuery = queryOptions({
  queryKey: failedJobsKey,
  queryFn: async () => unwrap(await request<{ items: DeadJob[] }>('GET', '/api/v1/admin/jobs/failed')).items,
});

export function useFailedJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'retry' | 'discard' }) =>
      unwrap(
        await request<{ ok: true }>(
          action === 'retry' ? 'POST' : 'DELETE',
          `/api/v1/admin/jobs/failed/${encodeURIComponent(id)}${action === 'retry' ? '/retry' : ''}`,
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedJobsKey }),
  });
}

export const diskGuardKey = ['admin', 'settings', 'storage'] as const;

/** The free space every recorder keeps on its media folder's disk (Admin › Settings › Recording storage). */
export const diskGuardQuery = queryOptions({
  queryKey: diskGuardKey,
  queryFn: async () => unwrap(await request<DiskGuardSettings>('GET', '/api/v1/admin/settings/storage')),
});

export function useSaveDiskGuard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DiskGuardSettings) =>
      unwrap(await request<DiskGuardSettings>('PUT', '/api/v1/admin/settings/storage', input)),
    onSuccess: (saved) => queryClient.setQueryData(diskGuardKey, saved),
  });
}

/** How often an open admin page asks again for installation alerts (a recorder checks its disk each second). */
const ALERTS_REFRESH_MS = 30_000;

/** Problems only an administrator can fix, raised by the installation's processes. */
export const installationAlertsQuery = queryOptions({
  queryKey: ['admin', 'alerts'],
  queryFn: async () => unwrap(await request<{ items: InstallationAlert[] }>('GET', '/api/v1/admin/alerts')).items,
  refetchInterval: ALERTS_REFRESH_MS,
});
