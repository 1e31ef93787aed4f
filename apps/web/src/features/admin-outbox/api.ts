import { type AuthSettingsInput, LIST_DEFAULT_LIMIT, type OutboxMessage, type Page } from '@vigil/shared';
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
