import type { PtzMove, PtzPreset, PtzPresetList } from '@vigil/shared';
import { queryOptions } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

/** Steering an ONVIF camera (operators and up): moves, stop, home and the camera's presets. */
const ptzPath = (cameraId: string) => `/api/v1/cameras/${encodeURIComponent(cameraId)}/ptz`;

export async function ptzMove(cameraId: string, move: PtzMove): Promise<void> {
  unwrap(await request('POST', `${ptzPath(cameraId)}/move`, move));
}

/** A stop lost with the page (a closed tab) is the server's deadman's to send. */
export async function ptzStop(cameraId: string): Promise<void> {
  unwrap(await request('POST', `${ptzPath(cameraId)}/stop`));
}

export async function ptzHome(cameraId: string): Promise<void> {
  unwrap(await request('POST', `${ptzPath(cameraId)}/home`));
}

export const ptzPresetsQuery = (cameraId: string) =>
  queryOptions({
    queryKey: ['live', 'ptz-presets', cameraId],
    queryFn: async () => unwrap(await request<PtzPresetList>('GET', `${ptzPath(cameraId)}/presets`)).presets,
  });

export async function ptzGotoPreset(cameraId: string, token: string): Promise<void> {
  unwrap(await request('POST', `${ptzPath(cameraId)}/presets/${encodeURIComponent(token)}/goto`));
}

export async function ptzSavePreset(cameraId: string, name: string): Promise<PtzPreset> {
  return unwrap(await request<PtzPreset>('PUT', `${ptzPath(cameraId)}/presets`, { name }));
}

export async function ptzDeletePreset(cameraId: string, token: string): Promise<void> {
  unwrap(await request('DELETE', `${ptzPath(cameraId)}/presets/${encodeURIComponent(token)}`));
}
