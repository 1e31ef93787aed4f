import type {
  BulkFilter,
  BulkOperation,
  BulkOperationList,
  BulkPreviewResult,
  CreateBulkOperationInput,
  Schedule,
} from '@vigil/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { isActive } from './bulk-model.ts';

export const bulkKey = ['bulk-operations'] as const;
/** Realtime carries the progress; this slow poll only covers a missed notice while one runs. */
const FALLBACK_POLL_MS = 5000;

/** The cameras a filter matches (first 500), the models, sites and tags the filter can name. */
export const previewQuery = (filter: BulkFilter) =>
  queryOptions({
    queryKey: [...bulkKey, 'preview', filter],
    queryFn: async () =>
      unwrap(await request<BulkPreviewResult>('POST', '/api/v1/bulk-operations/preview', { filter })),
    placeholderData: keepPreviousData,
  });

export const recentQuery = queryOptions({
  queryKey: [...bulkKey, 'recent'],
  queryFn: async () => unwrap(await request<BulkOperationList>('GET', '/api/v1/bulk-operations')).items,
});

export const operationQuery = (id: string) =>
  queryOptions({
    queryKey: [...bulkKey, 'one', id],
    queryFn: async () =>
      unwrap(await request<BulkOperation>('GET', `/api/v1/bulk-operations/${encodeURIComponent(id)}`)),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data && isActive(q.state.data) ? FALLBACK_POLL_MS : false),
  });

/** Schedules for the change form (its own query: features never import each other). */
export const schedulesQuery = queryOptions({
  queryKey: [...bulkKey, 'schedules'],
  queryFn: async () => unwrap(await request<{ items: Schedule[] }>('GET', '/api/v1/schedules')).items,
});

export function useCreateOperation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateBulkOperationInput) =>
      unwrap(await request<{ id: string }>('POST', '/api/v1/bulk-operations', input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...bulkKey, 'recent'] }),
  });
}
