import { TOPICS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { adminCallables } from './admin.callables.ts';
import { adminRoutes } from './admin.routes.ts';

/** The administrator's user management: its routes and its callable functions. */
export const adminModule = defineModule({
  name: 'admin',
  serve: {
    needs: ['accounts', 'auth', 'mail'],
    topics: [TOPICS.adminUsers],
    callables: ({ get }) => adminCallables({ accounts: get('accounts'), auth: get('auth') }),
    register: (app, { get }) => adminRoutes(app, { accounts: get('accounts'), mail: get('mail') }),
  },
});
