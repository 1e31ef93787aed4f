import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { InvitationsService } from './invitations.service.ts';
import { createMembersService } from './members.service.ts';
import { teamRoutes } from './team.routes.ts';

/** The team's front door (issue 12): invitations, members, ownership and the workspace switcher. */
export function teamModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    invitations: InvitationsService;
    accounts: AccountsService;
    auth: AuthService;
  },
) {
  const { invitations } = deps;
  const members = createMembersService(deps);
  teamRoutes(app, {
    invitations,
    members,
    meAfterMove: async (tokenHash) => {
      const session = await deps.auth.resolveHash(tokenHash);
      if (!session) throw new Error('the moved session no longer resolves');
      return deps.accounts.meOf(session);
    },
  });
}
