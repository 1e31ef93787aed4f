import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import type { SecretBox } from '../../lib/secrets.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { createSecurityService } from './security.service.ts';
import { securityRoutes } from './security.routes.ts';
import { registerTwoFactorPolicy } from './two-factor-policy.ts';
import { createTwoFactorService } from './two-factor.service.ts';

export type SecurityServices = ReturnType<typeof createSecurityServices>;

/**
 * The security dashboard's services. Made before the auth service, which uses them at sign-in
 * (two-factor, the history); `throttle` reaches back into auth's throttle once it exists.
 */
export function createSecurityServices(deps: {
  db: Db;
  secrets: SecretBox;
  secret: string;
  accounts: AccountsService;
  throttle: () => { reserve(userId: string): Promise<void>; clear(userId: string): Promise<void> };
}) {
  const security = createSecurityService({ db: deps.db, secret: deps.secret });
  const twoFactor = createTwoFactorService({
    db: deps.db,
    secrets: deps.secrets,
    passwordHash: (uid) => deps.accounts.passwordHash(uid),
    throttle: { reserve: (uid) => deps.throttle().reserve(uid), clear: (uid) => deps.throttle().clear(uid) },
  });
  return {
    security,
    twoFactor,
    /** What sign-in needs (auth/sign-in.service.ts SignInGuards). */
    guards: { twoFactor, recordSignIn: security.recordSignIn },
  };
}

/** The security dashboard's front door: /api/v1/security/* and the workspace's two-factor requirement. */
export function securityModule(app: FastifyInstance, services: SecurityServices): void {
  registerTwoFactorPolicy(app);
  securityRoutes(app, services);
}
