import { MEMBER_ROLES, type MemberRole, type MembershipRole } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';

/**
 * Who may do what to whom in a team. The owner and installation admins manage everyone;
 * a manager manages operators and viewers, and may bring in other managers, but changes or
 * removes a manager only through the owner. Nobody acts on the owner or on themselves here.
 */
export interface TeamActor {
  workspaceId: string;
  userId: string;
  /** The caller's membership role in the workspace (`owner` for its owner). */
  membershipRole: MembershipRole;
  /** Whether the caller is an installation administrator (acts as the owner). */
  admin: boolean;
}

export function canManageAll(actor: TeamActor): boolean {
  return actor.admin || actor.membershipRole === 'owner';
}

/** The role an invitation or a change asks for, or a sentence saying why it cannot be given. */
export function grantableRole(actor: TeamActor, requested: string): MemberRole {
  if (!(MEMBER_ROLES as readonly string[]).includes(requested)) {
    throw new AppError('permission-denied', 'You can give the roles manager, operator and viewer only.', {
      role: 'manager, operator or viewer',
    });
  }
  if (!canManageAll(actor) && actor.membershipRole !== 'manager')
    throw new AppError('permission-denied', 'Only the owner and managers can manage the team.');
  return requested as MemberRole;
}

/** Refuses a change to `target` the actor may not make. */
export function assertMayChange(actor: TeamActor, target: { userId: string; role: string }, what: string): void {
  if (target.role === 'owner')
    throw new AppError(
      'failed-precondition',
      `The owner cannot be ${what}. The owner can transfer ownership to a manager first.`,
    );
  if (target.userId === actor.userId)
    throw new AppError('failed-precondition', `You cannot be ${what} by yourself; ask the owner.`);
  if (target.role === 'manager' && !canManageAll(actor))
    throw new AppError('permission-denied', `Only the owner can have a manager ${what}.`);
}
