import type {
  RecoveryCodes,
  SecuritySession,
  SignInAttempt,
  TwoFactorSetup,
  TwoFactorStatus,
  WorkspacePolicy,
} from '@vigil/shared';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export const securityKey = ['security'] as const;
const SIGN_INS_PAGE = 20;

export const twoFactorQuery = queryOptions({
  queryKey: [...securityKey, '2fa'],
  queryFn: async () => unwrap(await request<TwoFactorStatus>('GET', '/api/v1/security/2fa')),
});

export const sessionsQuery = queryOptions({
  queryKey: [...securityKey, 'sessions'],
  queryFn: async () => unwrap(await request<{ items: SecuritySession[] }>('GET', '/api/v1/security/sessions')).items,
});

export const signInsQuery = infiniteQueryOptions({
  queryKey: [...securityKey, 'sign-ins'],
  initialPageParam: null as string | null,
  queryFn: async ({ pageParam }) => {
    const params = new URLSearchParams({ limit: String(SIGN_INS_PAGE) });
    if (pageParam) params.set('startAfter', pageParam);
    return unwrap(
      await request<{ items: SignInAttempt[]; nextCursor: string | null }>(
        'GET',
        `/api/v1/security/sign-ins?${params}`,
      ),
    );
  },
  getNextPageParam: (last) => last.nextCursor,
});

/** Every write refreshes the page's views (state, sessions, history). */
function useSecurityMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKey }),
  });
}

export const useSetupTwoFactor = () =>
  useMutation({
    mutationFn: async () => unwrap(await request<TwoFactorSetup>('POST', '/api/v1/security/2fa/setup')),
  });

export const useEnableTwoFactor = () =>
  useSecurityMutation(async (code: string) =>
    unwrap(await request<RecoveryCodes>('POST', '/api/v1/security/2fa/enable', { code })),
  );

export const useDisableTwoFactor = () =>
  useSecurityMutation(
    async (body: { password: string; code?: string; recoveryCode?: string }) =>
      void unwrap(await request<{ ok: true }>('POST', '/api/v1/security/2fa/disable', body)),
  );

export const useRegenerateRecoveryCodes = () =>
  useSecurityMutation(async (password: string) =>
    unwrap(await request<RecoveryCodes>('POST', '/api/v1/security/2fa/recovery-codes', { password })),
  );

export const useWorkspacePolicy = () =>
  useSecurityMutation(async (body: WorkspacePolicy) =>
    unwrap(await request<WorkspacePolicy>('PUT', '/api/v1/security/workspace-policy', body)),
  );

export const useSignOutSession = () =>
  useSecurityMutation(
    async (id: string) => void unwrap(await request<undefined>('DELETE', `/api/v1/security/sessions/${id}`)),
  );

export const useSignOutOthers = () =>
  useSecurityMutation(async () =>
    unwrap(await request<{ signedOut: number }>('POST', '/api/v1/security/sessions/sign-out-others')),
  );
