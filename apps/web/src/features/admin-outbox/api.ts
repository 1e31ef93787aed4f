import { LIST_DEFAULT_LIMIT, type OutboxMessage, type Page } from '@vigil/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
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
