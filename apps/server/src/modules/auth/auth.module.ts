import { defineModule } from '../../kernel/module.ts';
import { internalToken } from '../../lib/internal-token.ts';
import { registerAuth } from '../../plugins/auth.ts';
import { registerRequestContext } from '../../plugins/request-context.ts';
import { authRoutes } from './auth.routes.ts';
import type { Pool } from 'pg';
import { type AuthService, type LiveSession, createAuthService } from './auth.service.ts';
import { createSessionCache } from './session-cache.ts';
import { type TwoFactorThrottle, createTwoFactorThrottle } from './two-factor-throttle.service.ts';

export type { AuthService } from './auth.service.ts';

declare module '../../kernel/module.ts' {
  interface ServiceMap {
    auth: AuthService;
    'two-factor-throttle': TwoFactorThrottle;
  }
}

/**
 * Sign-up, sign-in and sessions. Its serve part resolves each request's session (the auth plugin)
 * and puts the caller in the request context before any other module adds a hook, so the hooks
 * that follow (the security module's two-factor requirement) see who is calling.
 */
export const authModule = defineModule({
  name: 'auth',
  auditActions: ['sign-out', 'password.changed', 'password.reset', 'settings.sign-in-changed'],
  provides: { 'two-factor-throttle': ({ db }) => createTwoFactorThrottle(db) },
  serve: {
    needs: ['accounts', 'mail', 'invitations', 'api-keys', 'security'],
    provides: {
      auth: ({ db, config, deferred, get, log, onClose }) => {
        const cache = createSessionCache<LiveSession>({
          connectionString: (db.$client as Pool).options.connectionString!,
          log,
        });
        onClose(() => cache.stop());
        return createAuthService({
          db,
          accounts: get('accounts'),
          mail: get('mail'),
          publicUrl: config.publicUrl,
          secret: config.authSecret,
          deferred,
          claimInvitation: get('invitations').claimForSignUp,
          resolveApiKey: get('api-keys').resolve,
          guards: get('security').guards,
          cache,
        });
      },
    },
    register: (app, { config, get }) => {
      registerAuth(app, get('auth'), { publicUrl: config.publicUrl, internalToken: internalToken(config.authSecret) });
      registerRequestContext(app);
      authRoutes(app, {
        auth: get('auth'),
        secureCookies: config.publicUrl.startsWith('https:'),
        secret: config.authSecret,
      });
    },
  },
});
