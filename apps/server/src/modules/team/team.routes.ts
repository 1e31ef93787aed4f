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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';
import type { InvitationsService } from './invitations.service.ts';
import type { MembersService } from './members.service.ts';
import type { TeamActor } from './team-rules.ts';

const tags = ['team'];
const managers = access.roles('manager', 'admin');
const idParams = z.object({ id: z.string().uuid() });
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { invitations, members } = deps;

  r.post(
    '/api/v1/team/invitations',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Invite someone by email as manager, operator or viewer (a single-use link valid for 7 days)',
        body: createInvitationSchema,
        response: { 201: invitationSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await invitations.invite(actor(req), req.body)),
  );
  r.get(
    '/api/v1/team/invitations',
    {
      config: { access: managers },
      schema: { tags, summary: 'Pending invitations', response: { 200: invitationsListSchema } },
    },
    async (req) => ({ items: await invitations.list(actor(req)) }),
  );
  r.post(
    '/api/v1/team/invitations/:id/resend',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Send the invitation again with a new link (the old one stops working) valid for 7 more days',
        params: idParams,
        response: { 200: invitationSchema },
      },
    },
    async (req) => invitations.resend(actor(req), req.params.id),
  );
  r.delete(
    '/api/v1/team/invitations/:id',
    {
      config: { access: managers },
      schema: { tags, summary: 'Withdraw a pending invitation', params: idParams },
    },
    async (req, reply) => {
      await invitations.revoke(actor(req), req.params.id);
      return reply.status(204).send();
    },
  );
  r.get(
    '/api/v1/team/invitations/preview',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'What an invitation link offers (workspace, role, inviter), before signing in',
        querystring: invitationTokenSchema,
        response: { 200: invitationPreviewSchema },
      },
    },
    async (req) => invitations.preview(req.query.token),
  );
  r.post(
    '/api/v1/team/invitations/accept',
    {
      // A member held back by a workspace's two-factor requirement may still join or leave for another.
      config: { access: person, twoFactorExempt: true },
      schema: {
        tags,
        summary: 'Accept an invitation: join its workspace, which becomes the current one',
        body: invitationTokenSchema,
        response: {
          200: z.object({
            workspaceId: z.string(),
            workspaceName: z.string(),
            role: z.enum(['manager', 'operator', 'viewer']),
          }),
        },
      },
    },
    async (req) => {
      const s = req.session!;
      return invitations.accept({ userId: s.user.id, tokenHash: s.tokenHash }, req.body.token);
    },
  );

  r.get(
    '/api/v1/team/members',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Members with role, camera access, last seen and 2FA state',
        response: { 200: membersListSchema },
      },
    },
    async (req) => ({ items: await members.list(actor(req)) }),
  );
  r.patch(
    '/api/v1/team/members/:userId',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: "Change a member's role or the cameras they may see (cameraIds null = every camera)",
        params: userParams,
        body: updateMemberSchema,
        response: { 200: memberSchema },
      },
    },
    async (req) => members.update(actor(req), req.params.userId, req.body),
  );
  r.delete(
    '/api/v1/team/members/:userId',
    {
      config: { access: managers },
      schema: { tags, summary: 'Remove a member: their sessions in this workspace end at once', params: userParams },
    },
    async (req, reply) => {
      await members.remove(actor(req), req.params.userId);
      return reply.status(204).send();
    },
  );
  r.post(
    '/api/v1/team/ownership',
    {
      config: { access: access.personOnly(managers) },
      schema: {
        tags,
        summary: "Transfer ownership to a manager, confirmed by the owner's password",
        body: transferOwnershipSchema,
      },
    },
    async (req, reply) => {
      await members.transferOwnership(actor(req), req.body);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/v1/team/workspaces',
    {
      config: { access: access.signedIn, twoFactorExempt: true },
      schema: {
        tags,
        summary: 'The workspaces the caller belongs to (the switcher)',
        response: { 200: myWorkspacesSchema },
      },
    },
    async (req) => {
      const s = req.session!;
      return { items: await members.workspacesOf({ userId: s.user.id, workspaceId: s.user.workspaceId }) };
    },
  );
  r.post(
    '/api/v1/team/switch',
    {
      config: { access: person, twoFactorExempt: true },
      schema: {
        tags,
        summary: 'Work in another of your workspaces (this session; new sign-ins open there too)',
        body: switchWorkspaceSchema,
        response: { 200: meSchema },
      },
    },
    async (req) => {
      const s = req.session!;
      await members.switchTo({ userId: s.user.id, tokenHash: s.tokenHash }, req.body.workspaceId);
      return deps.meAfterMove(s.tokenHash);
    },
  );
}
