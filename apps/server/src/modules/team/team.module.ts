import { TOPICS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { type InvitationsService, createInvitationsService } from './invitations.service.ts';
import { createMembersService } from './members.service.ts';
import { teamRoutes } from './team.routes.ts';

declare module '../../kernel/module.ts' {
  interface ServiceMap {
    invitations: InvitationsService;
  }
}

/**
 * The team: invitations, members, ownership and the workspace switcher. Sign-up claims an
 * invitation through the `invitations` service.
 */
export const teamModule = defineModule({
  name: 'team',
  auditActions: ['member.invited', 'member.joined', 'member.role-changed', 'member.removed', 'ownership.transferred'],
  serve: {
    needs: ['mail', 'accounts', 'auth'],
    topics: [TOPICS.team],
    provides: {
      invitations: ({ db, config, get }) =>
        createInvitationsService({ db, mail: get('mail'), publicUrl: config.publicUrl }),
    },
    register: (app, { db, get }) => {
      const accounts = get('accounts');
      const auth = get('auth');
      teamRoutes(app, {
        invitations: get('invitations'),
        members: createMembersService({ db, accounts }),
        meAfterMove: async (tokenHash) => {
          const session = await auth.resolveHash(tokenHash);
          if (!session) throw new Error('the moved session no longer resolves');
          return accounts.meOf(session);
        },
      });
    },
  },
});
