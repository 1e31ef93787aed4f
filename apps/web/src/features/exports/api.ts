import type { Camera, Export, ExportFormat, Page } from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export const exportsKey = ['exports'] as const;

/** The camera picker's list: its own query (features never import each other). */
export const exportCamerasQuery = queryOptions({
  queryKey: [...exportsKey, 'cameras'],
  queryFn: async () => unwrap(await request<Page<Camera>>('GET', '/api/v1/cameras?limit=100')).items,
});

export const exportsQuery = queryOptions({
  queryKey: [...exportsKey, 'list'],
  queryFn: async () => unwrap(await request<{ items: Export[] }>('GET', '/api/v1/exports')).items,
});

export function useCreateExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { cameraId: string; from: string; to: string; format?: ExportFormat }) =>
      unwrap(await request<{ id: string; status: string }>('POST', '/api/v1/exports', input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...exportsKey, 'list'] }),
  });
}

export function useDeleteExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await request<unknown>('DELETE', `/api/v1/exports/${encodeURIComponent(id)}`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...exportsKey, 'list'] }),
  });
}
