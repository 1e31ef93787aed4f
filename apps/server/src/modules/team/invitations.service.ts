import { createHash, randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '@vigil/db';
import {
  type CreateInvitationInput,
  INVITATION_DAYS,
  type Invitation,
  type InvitationPreview,
  type MemberRole,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { publish } from '../../lib/realtime.ts';
import { audit } from '../audit/audit.module.ts';
import type { MailService } from '../mail/mail.module.ts';
import { invitationMail } from './invitation-mail.ts';
import { type TeamActor, grantableRole } from './team-rules.ts';
import { type InvitationRow, teamRepo } from './team.repo.ts';

const DAY_MS = 86_400_000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type InvitationsService = ReturnType<typeof createInvitationsService>;

/** Invitations by email: a single-use link valid for seven days, resent with a new link, revoked at once. */
export function createInvitationsService(deps: { db: Db; mail: MailService; publicUrl: string }) {
  const { db, mail } = deps;

  const view = (inv: InvitationRow, inviterName: string | null): Invitation => ({
    id: inv.id,
    email: inv.email,
    role: inv.role as MemberRole,
    expiresAt: inv.expiresAt.toISOString(),
    createdAt: inv.createdAt.toISOString(),
    lastSentAt: inv.lastSentAt.toISOString(),
    invitedBy: inviterName === null ? null : { uid: inv.invitedBy, displayName: inviterName },
  });

  /** A fresh link: the token is mailed, only its hash is kept. */
  function freshLink() {
    const token = randomBytes(32).toString('base64url');
    return { token, tokenHash: hashOf(token), expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS) };
  }

  async function sendMail(
    tx: DbOrTx,
    inv: { email: string; role: string; workspaceId: string },
    token: string,
    by: string,
  ) {
    const ws = await teamRepo.lockWorkspace(tx, inv.workspaceId);
    const inviter = await teamRepo.user(tx, by);
    const content = invitationMail({
      language: inviter?.preferences.language ?? 'en',
      workspaceName: ws?.name ?? '',
      inviterName: inviter?.displayName ?? 'Vigil',
      role: inv.role,
      link: `${deps.publicUrl}/invite?token=${encodeURIComponent(token)}`,
    });
    await mail.queue(tx, { to: inv.email, ...content });
  }

  /**
   * Why a token no longer works, in words: people click old links, and "not found" would leave
   * them guessing whether they mistyped it.
   */
  async function deadLinkError(tx: DbOrTx, token: string): Promise<AppError> {
    const row = await teamRepo.invitationByHash(tx, hashOf(token));
    if (!row) return new AppError('not-found', 'This invitation link is not valid. Check that you copied all of it.');
    if (row.acceptedAt) return new AppError('failed-precondition', 'This invitation was already used.');
    if (row.revokedAt) return new AppError('failed-precondition', 'This invitation was withdrawn.');
    return new AppError('failed-precondition', 'This invitation has expired. Ask for a new one.');
  }

  /** Locks a live invitation and checks it can still make `userId` a member. */
  async function claim(tx: DbOrTx, token: string) {
    const found = await teamRepo.liveByToken(tx, hashOf(token), true);
    if (!found) throw await deadLinkError(tx, token);
    return found;
  }

  return {
    async list(actor: TeamActor): Promise<Invitation[]> {
      const rows = await teamRepo.pendingInvitations(db, actor.workspaceId);
      return rows.map((r) => view(r.inv, r.inviterName));
    },

    async invite(actor: TeamActor, input: CreateInvitationInput): Promise<Invitation> {
      const role = grantableRole(actor, input.role);
      return db.transaction(async (tx) => {
        await teamRepo.lockWorkspace(tx, actor.workspaceId);
        const existing = await teamRepo.userByEmail(tx, input.email);
        if (existing && (await teamRepo.membership(tx, actor.workspaceId, existing.id)))
          throw new AppError('already-exists', `${input.email} is already a member of this workspace.`, {
            email: 'already a member',
          });
        if (await teamRepo.pendingFor(tx, actor.workspaceId, input.email))
          throw new AppError(
            'already-exists',
            `An invitation to ${input.email} is already pending. Resend it instead.`,
            {
              email: 'already invited',
            },
          );
        const link = freshLink();
        const inv = await teamRepo.insertInvitation(tx, {
          workspaceId: actor.workspaceId,
          email: input.email,
          role,
          tokenHash: link.tokenHash,
          invitedBy: actor.userId,
          expiresAt: link.expiresAt,
        });
        await sendMail(tx, inv, link.token, actor.userId);
        await publish(tx, { topic: 'team', workspaceId: actor.workspaceId, id: inv.id });
        const inviter = await teamRepo.user(tx, actor.userId);
        await audit.record(tx, {
          action: 'member.invited',
          targetType: 'invitation',
          targetId: inv.id,
          details: { email: inv.email, role },
        });
        return view(inv, inviter?.displayName ?? null);
      });
    },

    /** A new link (the old one stops working) and seven more days. */
    async resend(actor: TeamActor, id: string): Promise<Invitation> {
      return db.transaction(async (tx) => {
        const inv = await teamRepo.invitation(tx, actor.workspaceId, id);
        if (!inv) throw new AppError('not-found');
        grantableRole(actor, inv.role);
        const link = freshLink();
        const patch = { tokenHash: link.tokenHash, expiresAt: link.expiresAt, lastSentAt: new Date() };
        await teamRepo.updateInvitation(tx, inv.id, patch);
        await sendMail(tx, inv, link.token, actor.userId);
        await publish(tx, { topic: 'team', workspaceId: actor.workspaceId, id: inv.id });
        const inviter = await teamRepo.user(tx, inv.invitedBy);
        return view({ ...inv, ...patch }, inviter?.displayName ?? null);
      });
    },

    async revoke(actor: TeamActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const inv = await teamRepo.invitation(tx, actor.workspaceId, id);
        if (!inv) throw new AppError('not-found');
        grantableRole(actor, inv.role);
        await teamRepo.updateInvitation(tx, inv.id, { revokedAt: new Date() });
        await publish(tx, { topic: 'team', workspaceId: actor.workspaceId, id: inv.id });
      });
    },

    /** What the invitation page shows before anyone signs in. */
    async preview(token: string): Promise<InvitationPreview> {
      const found = await teamRepo.liveByToken(db, hashOf(token));
      if (!found) throw await deadLinkError(db, token);
      return {
        workspaceName: found.workspaceName,
        email: found.inv.email,
        role: found.inv.role as MemberRole,
        invitedBy: found.inviterName ?? '',
        expiresAt: found.inv.expiresAt.toISOString(),
        accountExists: Boolean(await teamRepo.userByEmail(db, found.inv.email)),
      };
    },

    /**
     * A signed-in person accepts: they become a member with the invited role and the session moves
     * to that workspace (the switcher moves it back). Whoever holds the link may accept it, from
     * whichever account: the link went to the invited mailbox.
     */
    async accept(person: { userId: string; tokenHash: string }, token: string) {
      return db.transaction(async (tx) => {
        const { inv, workspaceName } = await claim(tx, token);
        await teamRepo.lockWorkspace(tx, inv.workspaceId);
        if (await teamRepo.membership(tx, inv.workspaceId, person.userId))
          throw new AppError('already-exists', `You are already a member of ${workspaceName}.`);
        await teamRepo.insertMembership(tx, {
          workspaceId: inv.workspaceId,
          userId: person.userId,
          role: inv.role,
          invitedBy: inv.invitedBy,
        });
        await teamRepo.updateInvitation(tx, inv.id, { acceptedAt: new Date(), acceptedBy: person.userId });
        await teamRepo.setSessionWorkspace(tx, person.tokenHash, inv.workspaceId);
        await teamRepo.setUser(tx, person.userId, { lastWorkspaceId: inv.workspaceId });
        await publish(tx, { topic: 'team', workspaceId: inv.workspaceId, id: person.userId });
        await publish(tx, { topic: 'me', uid: person.userId });
        await audit.record(tx, {
          action: 'member.joined',
          workspaceId: inv.workspaceId,
          targetType: 'user',
          targetId: person.userId,
          details: { email: inv.email, role: inv.role },
        });
        return { workspaceId: inv.workspaceId, workspaceName, role: inv.role as MemberRole };
      });
    },

    /**
     * Sign-up from an invitation: the link is used up in the sign-up's transaction, and the new
     * account must be the invited address (it had no account, so the mailbox is the proof).
     */
    async claimForSignUp(tx: DbOrTx, token: string, email: string): Promise<{ workspaceId: string; role: MemberRole }> {
      const { inv } = await claim(tx, token);
      if (inv.email.toLowerCase() !== email.toLowerCase())
        throw new AppError('invalid-argument', 'Sign up with the address the invitation was sent to.', {
          email: `the invitation is for ${inv.email}`,
        });
      await teamRepo.updateInvitation(tx, inv.id, { acceptedAt: new Date() });
      await publish(tx, { topic: 'team', workspaceId: inv.workspaceId, id: inv.id });
      // The account is written after this in the same transaction; the entry names the address.
      await audit.record(tx, {
        action: 'member.joined',
        workspaceId: inv.workspaceId,
        actorId: null,
        targetType: 'invitation',
        targetId: inv.id,
        details: { email: inv.email, role: inv.role, signedUp: true },
      });
      return { workspaceId: inv.workspaceId, role: inv.role as MemberRole };
    },
  };
}
