import {
  createInvitationSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenSchema,
  invitationsListSchema,
  memberSchema,
  membersListSchema,
  meSchema,
  myWorkspacesSchema,
  switchWorkspaceSchema,
  transferOwnershipSchema,
  updateMemberSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { access } from '../../plugins/access.ts';
import type { InvitationsService } from './invitations.service.ts';
import type { MembersService } from './members.service.ts';
import type { TeamActor } from './team-rules.ts';

const tags = ['team'];
const managers = access.roles('manager', 'admin');
const userParams = z.object({ userId: z.string().uuid() });

const actor = (req: FastifyRequest): TeamActor => {
  const s = req.session!;
  return {
    workspaceId: s.user.workspaceId,
    userId: s.user.id,
    membershipRole: s.membership.role,
    admin: s.user.role === 'admin' && !s.apiKeyId,
  };
};

/** Joining, switching and handing over a workspace are a person's acts, never an integration's. */
const person = access.personOnly(access.signedIn);

export function teamRoutes(
  app: FastifyInstance,
  deps: {
    invitations: InvitationsService;
    members: MembersService;
    /** The session's document after it moved (the auth module resolves it again). */
    meAfterMove: (tokenHash: string) => Promise<z.infer<typeof meSchema>>;
  },
) {
  const route = apiRoutes(app, tags);
  const { invitations, members } = deps;

  route.post(
    '/api/v1/team/invitations',
    {
      access: managers,
      summary: 'Invite someone by email as manager, operator or viewer (a single-use link valid for 7 days)',
      body: createInvitationSchema,
      response: invitationSchema,
      status: 201,
    },
    (req) => invitations.invite(actor(req), req.body),
  );
  route.get(
    '/api/v1/team/invitations',
    { access: managers, summary: 'Pending invitations', response: invitationsListSchema },
    async (req) => ({ items: await invitations.list(actor(req)) }),
  );
  route.post(
    '/api/v1/team/invitations/:id/resend',
    {
      access: managers,
      summary: 'Send the invitation again with a new link (the old one stops working) valid for 7 more days',
      params: idParams,
      response: invitationSchema,
    },
    (req) => invitations.resend(actor(req), req.params.id),
  );
  route.delete(
    '/api/v1/team/invitations/:id',
    { access: managers, summary: 'Withdraw a pending invitation', params: idParams, status: 204 },
    (req) => invitations.revoke(actor(req), req.params.id),
  );
  route.get(
    '/api/v1/team/invitations/preview',
    {
      access: access.public,
      summary: 'What an invitation link offers (workspace, role, inviter), before signing in',
      querystring: invitationTokenSchema,
      response: invitationPreviewSchema,
    },
    (req) => invitations.preview(req.query.token),
  );
  route.post(
    '/api/v1/team/invitations/accept',
    {
      // A member held back by a workspace's two-factor requirement may still join or leave for another.
      access: person,
      twoFactorExempt: true,
      summary: 'Accept an invitation: join its workspace, which becomes the current one',
      body: invitationTokenSchema,
      response: z.object({
        workspaceId: z.string(),
        workspaceName: z.string(),
        role: z.enum(['manager', 'operator', 'viewer']),
      }),
    },
    (req) => {
      const s = req.session!;
      return invitations.accept({ userId: s.user.id, tokenHash: s.tokenHash }, req.body.token);
    },
  );

  route.get(
    '/api/v1/team/members',
    {
      access: managers,
      summary: 'Members with role, camera access, last seen and 2FA state',
      response: membersListSchema,
    },
    async (req) => ({ items: await members.list(actor(req)) }),
  );
  route.patch(
    '/api/v1/team/members/:userId',
    {
      access: managers,
      summary: "Change a member's role or the cameras they may see (cameraIds null = every camera)",
      params: userParams,
      body: updateMemberSchema,
      response: memberSchema,
    },
    (req) => members.update(actor(req), req.params.userId, req.body),
  );
  route.delete(
    '/api/v1/team/members/:userId',
    {
      access: managers,
      summary: 'Remove a member: their sessions in this workspace end at once',
      params: userParams,
      status: 204,
    },
    (req) => members.remove(actor(req), req.params.userId),
  );
  route.post(
    '/api/v1/team/ownership',
    {
      access: access.personOnly(managers),
      summary: "Transfer ownership to a manager, confirmed by the owner's password",
      body: transferOwnershipSchema,
      status: 204,
    },
    (req) => members.transferOwnership(actor(req), req.body),
  );

  route.get(
    '/api/v1/team/workspaces',
    {
      access: access.signedIn,
      twoFactorExempt: true,
      summary: 'The workspaces the caller belongs to (the switcher)',
      response: myWorkspacesSchema,
    },
    async (req) => {
      const s = req.session!;
      return { items: await members.workspacesOf({ userId: s.user.id, workspaceId: s.user.workspaceId }) };
    },
  );
  route.post(
    '/api/v1/team/switch',
    {
      access: person,
      twoFactorExempt: true,
      summary: 'Work in another of your workspaces (this session; new sign-ins open there too)',
      body: switchWorkspaceSchema,
      response: meSchema,
    },
    async (req) => {
      const s = req.session!;
      await members.switchTo({ userId: s.user.id, tokenHash: s.tokenHash }, req.body.workspaceId);
      return deps.meAfterMove(s.tokenHash);
    },
  );
}
