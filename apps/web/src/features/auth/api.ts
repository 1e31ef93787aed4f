import type { AuthResult, SignInInput, SignInResult, SignInTwoFactorInput, SignUpInput } from '@vigil/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request, unwrap } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session/session-context.ts';

export const signIn = (input: SignInInput) => request<SignInResult>('POST', '/api/v1/auth/sign-in', input);
export const signInTwoFactor = (input: SignInTwoFactorInput) =>
  request<AuthResult>('POST', '/api/v1/auth/sign-in/2fa', input);
export const signUp = (input: SignUpInput) => request<AuthResult>('POST', '/api/v1/auth/sign-up', input);
export const requestPasswordReset = (email: string) =>
  request<{ sent: boolean }>('POST', '/api/v1/auth/password-reset', { email });
export const confirmPasswordReset = (token: string, password: string) =>
  request<{ ok: boolean }>('POST', '/api/v1/auth/password-reset/confirm', { token, password });

/**
 * Sign-in that stores the session on success; errors surface as ApiError. An account with
 * two-factor on answers a challenge instead: no session until useSignInTwoFactor completes it.
 */
export function useSignIn() {
  const session = useSession();
  return useMutation({
    mutationFn: async (input: SignInInput) => unwrap(await signIn(input)),
    onSuccess: (result) => {
      if (!('twoFactorRequired' in result)) session.setSession(result);
    },
  });
}

/** The sign-in's second step: the challenge and a code from the app (or a recovery code). */
export function useSignInTwoFactor() {
  const session = useSession();
  return useMutation({
    mutationFn: async (input: SignInTwoFactorInput) => unwrap(await signInTwoFactor(input)),
    onSuccess: (result) => session.setSession(result),
  });
}

export function useSignUp() {
  const session = useSession();
  return useMutation({
    mutationFn: async (input: SignUpInput) => unwrap(await signUp(input)),
    onSuccess: (result) => session.setSession(result),
  });
}

export function usePasswordResetRequest() {
  return useMutation({ mutationFn: async (email: string) => unwrap(await requestPasswordReset(email)) });
}

export function usePasswordResetConfirm() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) =>
      unwrap(await confirmPasswordReset(input.token, input.password)),
  });
}

/**
 * Signs out: the local session is cleared even when the server cannot be reached, so a
 * person on a shared screen is never left signed in (spec §4 "Logout clears them").
 */
export function useSignOut(): () => Promise<void> {
  const { clearSession } = useSession();
  return useCallback(async () => {
    await request<void>('POST', '/api/v1/auth/sign-out');
    clearSession();
  }, [clearSession]);
}
