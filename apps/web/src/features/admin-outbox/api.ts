import { type AuthSettingsInput, type DeadJob, LIST_DEFAULT_LIMIT, type OutboxMessage, type Page } from '@vigil/shared';
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
