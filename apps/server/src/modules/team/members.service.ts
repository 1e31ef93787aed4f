import { verify } from '@node-rs/argon2';
import type { Db, DbOrTx } from '@vigil/db';
import type { Member, MembershipRole, MyWorkspace, UpdateMemberInput } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { publishScopeChanged } from '../../lib/camera-scope.ts';
import { publish } from '../../lib/realtime.ts';
import { audit } from '../audit/audit.module.ts';
import type { AccountsService } from '../accounts/accounts.module.ts';
import { type TeamActor, assertMayChange, canManageAll, grantableRole } from './team-rules.ts';
import { teamRepo } from './team.repo.ts';

export type MembersService = ReturnType<typeof createMembersService>;

/** The members of a workspace: their roles and camera limits, removal, ownership, the switcher. */
export function createMembersService(deps: { db: Db; accounts: AccountsService }) {
  const { db, accounts } = deps;

  async function target(tx: DbOrTx, actor: TeamActor, userId: string) {
    await teamRepo.lockWorkspace(tx, actor.workspaceId);
    const m = await teamRepo.membership(tx, actor.workspaceId, userId, true);
    if (!m) throw new AppError('not-found');
    return m;
  }

  return {
    async list(actor: TeamActor): Promise<Member[]> {
      const rows = await teamRepo.members(db, actor.workspaceId);
      return rows.map((r) => ({
        userId: r.userId,
        email: r.email,
        displayName: r.displayName,
        role: r.role as MembershipRole,
        cameraIds: r.cameraIds,
        siteIds: r.siteIds,
        joinedAt: r.joinedAt.toISOString(),
        lastSeenAt: (r.lastSeenAt ? new Date(r.lastSeenAt) : r.lastLoginAt)?.toISOString() ?? null,
        twoFactorEnabled: r.twoFactor,
        disabled: r.disabledAt !== null,
      }));
    },

    async update(actor: TeamActor, userId: string, input: UpdateMemberInput): Promise<Member> {
      await db.transaction(async (tx) => {
        const m = await target(tx, actor, userId);
        assertMayChange(actor, { userId, role: m.role }, 'changed');
        const patch: { role?: string; cameraIds?: string[] | null; siteIds?: string[] | null } = {};
        if (input.role !== undefined) patch.role = grantableRole(actor, input.role);
        if (input.cameraIds !== undefined) {
          const ids = input.cameraIds === null ? null : [...new Set(input.cameraIds)];
          if (ids) {
            const known = new Set(await teamRepo.cameraIdsIn(tx, actor.workspaceId, ids));
            const unknown = ids.filter((id) => !known.has(id));
            if (unknown.length > 0)
              throw new AppError('invalid-argument', 'Some of these cameras are not in this workspace.', {
                cameraIds: `unknown camera ${unknown[0]}`,
              });
          }
          patch.cameraIds = ids;
        }
        if (input.siteIds !== undefined) {
          const ids = input.siteIds === null ? null : [...new Set(input.siteIds)];
          if (ids) {
            const known = new Set(await teamRepo.siteIdsIn(tx, actor.workspaceId, ids));
            const unknown = ids.filter((id) => !known.has(id));
            if (unknown.length > 0)
              throw new AppError('invalid-argument', 'Some of these sites are not in this workspace.', {
                siteIds: `unknown site ${unknown[0]}`,
              });
          }
          patch.siteIds = ids;
        }
        await teamRepo.updateMembership(tx, actor.workspaceId, userId, patch);
        // What they have open here closes and reopens under the new role or cameras.
        await publishScopeChanged(tx, userId, actor.workspaceId);
        await publish(tx, { topic: 'team', workspaceId: actor.workspaceId, id: userId });
        await publish(tx, { topic: 'me', uid: userId });
        await audit.record(tx, {
          action: 'member.role-changed',
          targetType: 'user',
          targetId: userId,
          details: { from: { role: m.role, cameraIds: m.cameraIds, siteIds: m.siteIds }, to: patch },
        });
      });
      const updated = (await this.list(actor)).find((x) => x.userId === userId);
      if (!updated) throw new AppError('not-found');
      return updated;
    },

    /** Removes a member: their sessions in this workspace end at once, and what they have open closes. */
    async remove(actor: TeamActor, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const m = await target(tx, actor, userId);
        assertMayChange(actor, { userId, role: m.role }, 'removed');
        await teamRepo.deleteMembership(tx, actor.workspaceId, userId);
        for (const hash of await teamRepo.deleteSessionsIn(tx, userId, actor.workspaceId))
          await publish(tx, { topic: 'session.revoked', uid: userId, session: hash });
        const person = await teamRepo.user(tx, userId);
        if (person?.workspaceId === actor.workspaceId) await accounts.createOwnWorkspace(tx, person);
        if (person?.lastWorkspaceId === actor.workspaceId)
          await teamRepo.setUser(tx, userId, { lastWorkspaceId: null });
        await publish(tx, { topic: 'team', workspaceId: actor.workspaceId, id: userId });
        await publish(tx, { topic: 'me', uid: userId });
        await audit.record(tx, {
          action: 'member.removed',
          targetType: 'user',
          targetId: userId,
          details: { email: person?.email ?? null, role: m.role },
        });
      });
    },

    /**
     * Hands the workspace to one of its managers, confirmed by the owner's password. The plan,
     * limits and usage live on the owner's document, so the new owner must not own
     * another workspace whose plan that document already carries.
     */
    async transferOwnership(actor: TeamActor, input: { userId: string; password: string }): Promise<void> {
      if (actor.membershipRole !== 'owner')
        throw new AppError('permission-denied', 'Only the owner can transfer ownership.');
      const hash = await accounts.passwordHash(actor.userId);
      if (!hash || !(await verify(hash, input.password))) throw new AppError('auth/wrong-password');
      await db.transaction(async (tx) => {
        const ws = await teamRepo.lockWorkspace(tx, actor.workspaceId);
        if (!ws || ws.ownerId !== actor.userId)
          throw new AppError('permission-denied', 'Only the owner can transfer ownership.');
        const m = await teamRepo.membership(tx, actor.workspaceId, input.userId, true);
        if (!m) throw new AppError('not-found');
        if (m.role !== 'manager')
          throw new AppError('failed-precondition', 'Ownership can only go to a manager. Make them a manager first.');
        if (await teamRepo.ownsAnother(tx, input.userId, actor.workspaceId))
          throw new AppError(
            'failed-precondition',
            'This manager owns a workspace of their own, and an account carries the plan of one workspace only. They can join with an account that owns none.',
          );
        const from = (await teamRepo.user(tx, actor.userId))!;
        const to = (await teamRepo.user(tx, input.userId))!;
        await teamRepo.setOwner(tx, actor.workspaceId, to.id);
        await teamRepo.updateMembership(tx, actor.workspaceId, from.id, { role: 'manager' });
        await teamRepo.updateMembership(tx, actor.workspaceId, to.id, {
          role: 'owner',
          cameraIds: null,
          siteIds: null,
        });
        // The workspace's billing document moves with it.
        await teamRepo.setUser(tx, to.id, {
          workspaceId: actor.workspaceId,
          role: to.role === 'admin' ? 'admin' : 'user',
          plan: from.plan,
          planStatus: from.planStatus,
          trialStartDate: from.trialStartDate,
          trialEndDate: from.trialEndDate,
          limits: from.limits,
          usage: from.usage,
          // The period the AI analyses were counted in goes with the count.
          aiUsagePeriod: from.aiUsagePeriod,
          aiAccess: from.aiAccess,
          vmsAccess: from.vmsAccess,
          billingState: from.billingState,
        });
        await publish(tx, { topic: 'team', workspaceId: actor.workspaceId, id: to.id });
        await publish(tx, { topic: 'me', uid: from.id });
        await publish(tx, { topic: 'me', uid: to.id });
        await audit.record(tx, {
          action: 'ownership.transferred',
          targetType: 'user',
          targetId: to.id,
          details: { from: from.email, to: to.email },
        });
      });
    },

    async workspacesOf(person: { userId: string; workspaceId: string }): Promise<MyWorkspace[]> {
      const rows = await teamRepo.workspacesOf(db, person.userId);
      return rows.map((r) => ({ ...r, role: r.role as MembershipRole, current: r.id === person.workspaceId }));
    },

    /** Moves this session to another of the person's workspaces; new sessions open there too. */
    async switchTo(person: { userId: string; tokenHash: string }, workspaceId: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await teamRepo.membership(tx, workspaceId, person.userId))) throw new AppError('not-found');
        await teamRepo.setSessionWorkspace(tx, person.tokenHash, workspaceId);
        await teamRepo.setUser(tx, person.userId, { lastWorkspaceId: workspaceId });
        // Streams opened in the old workspace close and reopen in the new one.
        await publish(tx, { topic: 'session.revoked', uid: person.userId, session: person.tokenHash });
      });
    },

    canManageAll,
  };
}
