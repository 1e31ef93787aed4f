import { type TestApp, bearer, uniqueAddress } from './harness.ts';

/**
 * The authorization walk's objects for the security dashboard: a second session of the
 * `user` actor (DELETE spends it) and a session of another account, whose id must be not-found.
 */
export interface SecurityObjects {
  security: { sessions: { own: string; foreign: string } };
}

export async function seedSecurityObjects(
  t: TestApp,
  ownToken: string,
  foreignToken: string,
): Promise<SecurityObjects> {
  const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(ownToken) });
  const signedIn = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    remoteAddress: uniqueAddress(),
    payload: { email: me.json().user.email, password: 'secret123' },
  });
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.body}`);
  const sessions = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/security/sessions', headers: bearer(token) })).json().items as {
      id: string;
      current: boolean;
    }[];
  const own = (await sessions(ownToken)).find((s) => !s.current);
  const foreign = (await sessions(foreignToken))[0];
  if (!own || !foreign) throw new Error('security walk: no sessions to name');
  return { security: { sessions: { own: own.id, foreign: foreign.id } } };
}

export const SECURITY_FIXTURES: Record<string, (w: SecurityObjects) => { url: string; foreignUrl?: string }> = {
  'DELETE /api/v1/security/sessions/:id': (w) => ({
    url: `/api/v1/security/sessions/${w.security.sessions.own}`,
    foreignUrl: `/api/v1/security/sessions/${w.security.sessions.foreign}`,
  }),
};
