import { setDisabledSchema, setRoleSchema } from '@vigil/shared';
import { access } from '../../plugins/access.ts';
import type { AccountsService } from '../accounts/accounts.module.ts';
import type { AuthService } from '../auth/auth.module.ts';
import { defineCallable } from '../../lib/callable.ts';

/** Admin actions on users, as callables (one named function each, errors in the callable protocol). */
export function adminCallables(deps: { accounts: AccountsService; auth: AuthService }) {
  return [
    defineCallable({
      name: 'admin.setUserRole',
      input: setRoleSchema,
      access: access.roles('admin'),
      run: (session, data) => deps.accounts.setRole(session.user, data.uid, data.role),
    }),
    defineCallable({
      name: 'admin.setUserDisabled',
      input: setDisabledSchema,
      access: access.roles('admin'),
      // Disabling ends the account's sessions in the same transaction: they stop working at once.
      run: (session, data) =>
        deps.accounts.setDisabled(session.user, data.uid, data.disabled, (tx) =>
          deps.auth.endAllSessions(tx, data.uid),
        ),
    }),
  ];
}
