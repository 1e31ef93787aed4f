import type {
  Camera,
  CameraList,
  CameraSourceInput,
  CreateCameraRequest,
  OnvifProbeInput,
  OnvifProbeResult,
  ProbeResult,
  Schedule,
  UpdateCameraInput,
} from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { fetchFile } from '../../lib/download.ts';

export const camerasKey = ['cameras'] as const;

/** A workspace rarely has more than a handful of cameras: one page holds them all. */
export const camerasQuery = queryOptions({
  queryKey: [...camerasKey, 'list'],
  queryFn: async () => unwrap(await request<CameraList>('GET', '/api/v1/cameras?limit=100')),
});

/** Every write refreshes the list; the realtime `cameras` topic does the same for others' writes. */
function useCameraMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: camerasKey }),
  });
}

export const useCreateCamera = () =>
  useCameraMutation(async (input: CreateCameraRequest) =>
    unwrap(await request<Camera>('POST', '/api/v1/cameras', input)),
  );

export const useUpdateCamera = () =>
  useCameraMutation(async ({ id, patch }: { id: string; patch: UpdateCameraInput }) =>
    unwrap(await request<Camera>('PATCH', `/api/v1/cameras/${encodeURIComponent(id)}`, patch)),
  );

export const useDeleteCamera = () =>
  useCameraMutation(async (id: string) =>
    unwrap(await request<undefined>('DELETE', `/api/v1/cameras/${encodeURIComponent(id)}`)),
  );

/** Ask an ONVIF camera at an address for its model and profiles. */
export const useOnvifProbe = () =>
  useMutation({
    mutationFn: async (input: OnvifProbeInput) =>
      unwrap(await request<OnvifProbeResult>('POST', '/api/v1/cameras/onvif/probe', input)),
  });

/** Test connection: the typed source, or (editing, password untouched) the saved camera. */
export function useProbe() {
  return useMutation({
    mutationFn: async (input: { source: CameraSourceInput } | { id: string }) =>
      unwrap(
        'id' in input
          ? await request<ProbeResult>('POST', `/api/v1/cameras/${encodeURIComponent(input.id)}/probe`)
          : await request<ProbeResult>('POST', '/api/v1/cameras/probe', { source: input.source }),
      ),
  });
}

/** The workspace's arming schedules, for the camera's schedule select. */
export const schedulesQuery = queryOptions({
  queryKey: ['schedules', 'list'],
  queryFn: async () =>
    unwrap(await request<{ items: Pick<Schedule, 'id' | 'name'>[]; timeZone: string }>('GET', '/api/v1/schedules')),
});

export type ArmInput = { armed: boolean; minutes: number } | { resume: true };

export const useArmCamera = () =>
  useCameraMutation(async ({ id, input }: { id: string; input: ArmInput }) =>
    unwrap(await request<Camera>('POST', `/api/v1/cameras/${encodeURIComponent(id)}/arming`, input)),
  );

/**
 * The camera's current picture as an object URL (revoke it when done): fetched with the bearer,
 * since an <img src> cannot send it. Throws ApiError (e.g. `unavailable`: no video right now).
 */
export async function fetchSnapshot(cameraId: string, signal: AbortSignal): Promise<string> {
  const res = await fetchFile(`/api/v1/cameras/${encodeURIComponent(cameraId)}/snapshot`, signal);
  return URL.createObjectURL(await res.blob());
}
