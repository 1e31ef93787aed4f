import type { CameraImport, CameraImportInput, DiscoverInput, DiscoveryResult } from '@vigil/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export const importKey = ['camera-import'] as const;
const POLL_MS = 1000;

const running = (i: CameraImport | undefined) => i?.status === 'queued' || i?.status === 'running';

/** One import, polled each second while its job works through the lines. */
export const importQuery = (id: string | null) =>
  queryOptions({
    queryKey: [...importKey, id],
    queryFn: async () =>
      unwrap(await request<CameraImport>('GET', `/api/v1/camera-imports/${encodeURIComponent(id ?? '')}`)),
    enabled: !!id,
    refetchInterval: (q) => (running(q.state.data) ? POLL_MS : false),
  });

export const reportUrl = (id: string) => `/api/v1/camera-imports/${encodeURIComponent(id)}/results.csv`;

export const useStartImport = (siteId: string) =>
  useMutation({
    mutationFn: async (input: CameraImportInput) =>
      unwrap(await request<CameraImport>('POST', `/api/v1/sites/${encodeURIComponent(siteId)}/cameras/import`, input)),
  });

export const useDiscover = (siteId: string) =>
  useMutation({
    mutationFn: async (input: DiscoverInput) =>
      unwrap(await request<DiscoveryResult>('POST', `/api/v1/sites/${encodeURIComponent(siteId)}/discover`, input)),
  });
