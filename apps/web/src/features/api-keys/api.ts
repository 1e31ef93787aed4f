import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export const apiKeysKey = ['api-keys'] as const;

export const apiKeysQuery = queryOptions({
  queryKey: apiKeysKey,
  queryFn: async () => unwrap(await request<{ items: ApiKey[] }>('GET', '/api/v1/api-keys')).items,
});

function useApiKeysMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** The answer holds the key itself: keep it in the dialog only, never in the query cache. */
export const useCreateApiKey = () =>
  useApiKeysMutation(async (body: CreateApiKeyInput) =>
    unwrap(await request<CreatedApiKey>('POST', '/api/v1/api-keys', body)),
  );

export const useRevokeApiKey = () =>
  useApiKeysMutation(async (id: string) => unwrap(await request<undefined>('DELETE', `/api/v1/api-keys/${id}`)));
