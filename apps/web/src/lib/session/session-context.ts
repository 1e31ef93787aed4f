import type { AccessRole, AuthResult, Me } from '@vigil/shared';
import { createContext, useContext } from 'react';
import type { SessionUser } from './session-model.ts';

export interface Session {
  /** The first auth state is still loading (startup spinner). */
  loading: boolean;
  /** False when the first auth state could not be read (spec §4 step 1). */
  initialised: boolean;
  me: Me | null;
  user: SessionUser | null;
  token: string | null;
  hasRole(role: AccessRole): boolean;
  hasAnyRole(roles: readonly AccessRole[]): boolean;
  /** After sign-in/sign-up: stores the user and token (spec §4 "Session"). */
  setSession(result: AuthResult): void;
  /** After sign-out: clears user, token and every cached query of the previous user. */
  clearSession(): void;
  /** After PATCH /me and friends: replaces the cached document. */
  setMe(me: Me): void;
  /** Re-reads GET /me (realtime `me` event, backend back online). */
  refresh(): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
