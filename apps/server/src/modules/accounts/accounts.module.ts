import { TOPICS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { type AccountsService, createAccountsService } from './accounts.service.ts';

export type { AccountsService } from './accounts.service.ts';
export { toWorkspace, type UserRow } from './user-doc.ts';

declare module '../../kernel/module.ts' {
  interface ServiceMap {
    accounts: AccountsService;
  }
}

/** People and their workspaces' documents: the account's own routes, and the service others read. */
export const accountsModule = defineModule({
  name: 'accounts',
  auditActions: ['user.role-changed', 'user.disabled', 'user.enabled'],
  provides: { accounts: ({ db, storage }) => createAccountsService({ db, storage }) },
  serve: {
    topics: [TOPICS.me],
    register: (app, { get, config }) =>
      accountsRoutes(app, {
        accounts: get('accounts'),
        support: { email: config.support.email ?? null, phone: config.support.phone ?? null },
      }),
  },
});
