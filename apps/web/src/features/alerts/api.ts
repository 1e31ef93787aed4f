import type { AlertCenter } from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export const alertsKey = ['alerts'] as const;

export const alertsQuery = queryOptions({
  queryKey: alertsKey,
  queryFn: async () => unwrap(await request<AlertCenter>('GET', '/api/v1/alerts')),
});

/** Marks some alerts (or all) read for this person; the bell re-reads at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { ids: string[] } | { all: true }) =>
      unwrap(await request<undefined>('POST', '/api/v1/alerts/read', input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
