import type { Db } from '@vigil/db';
import { defineModule } from '../../kernel/module.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { createSecurityService } from './security.service.ts';
import { securityRoutes } from './security.routes.ts';
import { registerTwoFactorPolicy } from './two-factor-policy.ts';
import { createTwoFactorService, wrongCode, wrongRecoveryCode } from './two-factor.service.ts';

export type { SignInRecord } from './security.service.ts';
export { wrongCode, wrongRecoveryCode };

export type SecurityServices = ReturnType<typeof createSecurityServices>;

declare module '../../kernel/module.ts' {
  interface ServiceMap {
    security: SecurityServices;
  }
}

/**
 * The security dashboard's services. Sign-in uses them (two-factor, the history); they share the
 * two-factor throttle with sign-in, which the auth module provides on its own, so neither service
 * needs the other to exist first.
 */
function createSecurityServices(deps: {
  db: Db;
  secrets: SecretBox;
  secret: string;
  passwordHash(uid: string): Promise<string | null | undefined>;
  throttle: { reserve(userId: string): Promise<void>; clear(userId: string): Promise<void> };
}) {
  const security = createSecurityService({ db: deps.db, secret: deps.secret });
  const twoFactor = createTwoFactorService({
    db: deps.db,
    secrets: deps.secrets,
    passwordHash: deps.passwordHash,
    throttle: deps.throttle,
  });
  return {
    security,
    twoFactor,
    /** What sign-in needs (auth/sign-in.service.ts SignInGuards). */
    guards: { twoFactor, recordSignIn: security.recordSignIn },
  };
}

/** The security dashboard: /api/v1/security/* and the workspace's two-factor requirement. */
export const securityModule = defineModule({
  name: 'security',
  auditActions: ['sign-in.succeeded', 'sign-in.failed', 'two-factor.enabled', 'two-factor.disabled'],
  serve: {
    needs: ['accounts', 'two-factor-throttle'],
    provides: {
      security: ({ db, secrets, config, get }) =>
        createSecurityServices({
          db,
          secrets,
          secret: config.authSecret,
          passwordHash: (uid) => get('accounts').passwordHash(uid),
          throttle: get('two-factor-throttle'),
        }),
    },
    register: (app, { get }) => {
      // A hook after the auth plugin's: it sees the resolved session.
      registerTwoFactorPolicy(app);
      securityRoutes(app, get('security'));
    },
  },
});
