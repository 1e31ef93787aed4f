import type { Page, Role, UserDoc } from '@vigil/shared';
import { infiniteQueryOptions, keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction, request, unwrap } from '../../lib/api-client.ts';
import { type UsersFilter, usersQueryString } from './users-query.ts';

export const adminUsersKey = ['admin', 'users'] as const;

export function usersQuery(filter: UsersFilter) {
  return infiniteQueryOptions({
    queryKey: [...adminUsersKey, 'list', filter],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      unwrap(await request<Page<UserDoc>>('GET', `/api/v1/admin/users?${usersQueryString(filter, pageParam)}`)),
    getNextPageParam: (last) => last.nextCursor,
    // Keep the rows on screen while a new search loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

/** Both callables answer with the updated user; every admin list refreshes after. */
function useUserCallable<I>(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => unwrap(await callFunction<UserDoc>(name, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}

export const useSetUserRole = () => useUserCallable<{ uid: string; role: Role }>('admin.setUserRole');
export const useSetUserDisabled = () => useUserCallable<{ uid: string; disabled: boolean }>('admin.setUserDisabled');

/** Admin › Users › Plan…: a complimentary plan, or the trial's end moved (later, or now to end it). */
export function useSetUserPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ uid, ...body }: { uid: string; plan?: string; trialEndDate?: string }) =>
      unwrap(await request<UserDoc>('PATCH', `/api/v1/admin/users/${encodeURIComponent(uid)}/plan`, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
