import { type AccessRole, type AuthResult, type Me, hasAnyRole, hasRole } from '@vigil/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { request } from '../api-client.ts';
import { TOPIC_ME, subscribe } from '../realtime.ts';
import { clearToken, getToken, setToken } from '../token-store.ts';
import { type Session, SessionContext } from './session-context.ts';
import { type MeOutcome, meOutcome, toSessionUser } from './session-model.ts';

export const ME_QUERY_KEY = ['me'] as const;
/** Startup should not hang on a silent server; the guard handles the failure. */
const ME_TIMEOUT_MS = 10_000;

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState<string | null>(getToken);

  const query = useQuery({
    queryKey: ME_QUERY_KEY,
    enabled: token !== null,
    retry: false,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    queryFn: async (): Promise<MeOutcome> => {
      const outcome = meOutcome(await request<Me>('GET', '/api/v1/me', undefined, { timeoutMs: ME_TIMEOUT_MS }));
      // A refresh that fails on the network keeps the user signed in with what we had.
      const previous = queryClient.getQueryData<MeOutcome>(ME_QUERY_KEY);
      if (outcome.kind === 'unavailable' && previous?.kind === 'signed-in') return previous;
      return outcome;
    },
  });

  const outcome = token === null ? ({ kind: 'signed-out' } as const) : query.data;

  useEffect(() => {
    if (outcome?.kind === 'signed-out' && token !== null) {
      clearToken();
      setTokenState(null);
    }
  }, [outcome, token]);

  const setSession = useCallback(
    (result: AuthResult) => {
      setToken(result.token);
      const signedIn: MeOutcome = { kind: 'signed-in', me: { user: result.user, workspace: result.workspace } };
      queryClient.setQueryData(ME_QUERY_KEY, signedIn);
      setTokenState(result.token);
    },
    [queryClient],
  );

  const clearSession = useCallback(() => {
    clearToken();
    setTokenState(null);
    queryClient.clear();
  }, [queryClient]);

  const setMe = useCallback(
    (me: Me) => {
      const signedIn: MeOutcome = { kind: 'signed-in', me };
      queryClient.setQueryData(ME_QUERY_KEY, signedIn);
    },
    [queryClient],
  );

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [queryClient]);

  // Spec §7 live listening: the server says my document changed, so re-read it.
  useEffect(() => subscribe(TOPIC_ME, refresh), [refresh]);

  const session = useMemo<Session>(() => {
    const me = outcome?.kind === 'signed-in' ? outcome.me : null;
    const role = me?.user.role;
    return {
      loading: outcome === undefined,
      initialised: outcome?.kind !== 'unavailable',
      me,
      user: me ? toSessionUser(me.user) : null,
      token: me ? token : null,
      hasRole: (wanted: AccessRole) => me !== null && hasRole(role, wanted),
      hasAnyRole: (wanted: readonly AccessRole[]) => me !== null && hasAnyRole(role, wanted),
      setSession,
      clearSession,
      setMe,
      refresh,
    };
  }, [outcome, token, setSession, clearSession, setMe, refresh]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
