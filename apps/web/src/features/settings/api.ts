import type { DeviceToken, Me, UpdateProfileInput } from '@vigil/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { removeDeviceToken } from '../../lib/push.ts';
import { useSession } from '../../lib/session/session-context.ts';

export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Every write returns the new document, which replaces the session's copy at once. */
function useMeMutation<I>(call: (input: I) => Promise<Me>) {
  const { setMe } = useSession();
  return useMutation({ mutationFn: call, onSuccess: (me) => setMe(me) });
}

export function useUpdateProfile() {
  return useMeMutation(async (input: UpdateProfileInput) => unwrap(await request<Me>('PATCH', '/api/v1/me', input)));
}

export function useUploadPhoto() {
  return useMeMutation(async (file: Blob) => unwrap(await request<Me>('PUT', '/api/v1/me/photo', file)));
}

export function useRemovePhoto() {
  return useMeMutation(async (_: undefined) => unwrap(await request<Me>('DELETE', '/api/v1/me/photo')));
}

export { useUpdateWorkspace } from '../../lib/session/use-update-workspace.ts';

export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: { currentPassword: string; newPassword: string }) =>
      unwrap(await request<{ ok: boolean }>('POST', '/api/v1/auth/password', input)),
  });
}

export const DEVICES_KEY = ['device-tokens'] as const;

/** The signed-in person's devices (GET /api/v1/device-tokens). */
export function useDevices() {
  return useQuery({
    queryKey: DEVICES_KEY,
    queryFn: async () => unwrap(await request<{ items: DeviceToken[] }>('GET', '/api/v1/device-tokens')).items,
  });
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => removeDeviceToken(token),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}
