import type { AuthResult } from '@vigil/shared';
import { type TestApp, bearer, signUp } from './harness.ts';
import { joinWorkspace } from './helpers.ts';

/**
 * The authorization walk's objects for the team routes: invitations of the `user`
 * actor's workspace (one to resend, one for DELETE to spend) and of another workspace, and a
 * member for DELETE to spend.
 */
export interface TeamObjects {
  team: { invitations: { own: string; ownDoomed: string; foreign: string }; doomedMember: string };
}

export async function seedTeamObjects(t: TestApp, owner: AuthResult, other: AuthResult): Promise<TeamObjects> {
  const invite = async (token: string, email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/team/invitations',
      headers: bearer(token),
      payload: { email, role: 'viewer' },
    });
    return res.json().id as string;
  };
  const doomed = await signUp(t.app, { displayName: 'To remove' });
  await joinWorkspace(t.databaseUrl, doomed.user.uid, owner.workspace.id, 'viewer');
  return {
    team: {
      invitations: {
        own: await invite(owner.token, 'walk-own@example.com'),
        ownDoomed: await invite(owner.token, 'walk-doomed@example.com'),
        foreign: await invite(other.token, 'walk-foreign@example.com'),
      },
      doomedMember: doomed.user.uid,
    },
  };
}

export const TEAM_FIXTURES: Record<string, (w: TeamObjects) => { url: string; foreignUrl?: string }> = {
  'POST /api/v1/team/invitations/:id/resend': (w) => ({
    url: `/api/v1/team/invitations/${w.team.invitations.own}/resend`,
    foreignUrl: `/api/v1/team/invitations/${w.team.invitations.foreign}/resend`,
  }),
  'DELETE /api/v1/team/invitations/:id': (w) => ({
    url: `/api/v1/team/invitations/${w.team.invitations.ownDoomed}`,
    foreignUrl: `/api/v1/team/invitations/${w.team.invitations.foreign}`,
  }),
  // The empty body changes nothing (invalid); team.test.ts checks another workspace's member is a 404.
  'PATCH /api/v1/team/members/:userId': (w) => ({ url: `/api/v1/team/members/${w.team.doomedMember}` }),
  'DELETE /api/v1/team/members/:userId': (w) => ({ url: `/api/v1/team/members/${w.team.doomedMember}` }),
};
