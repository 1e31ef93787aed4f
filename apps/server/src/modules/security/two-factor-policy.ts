import { TWO_FACTOR_REQUIRED_MESSAGE } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/**
 * A workspace that requires two-factor authentication refuses its members without it on every
 * API call except those marked `twoFactorExempt` (the person's own document and session,
 * /security's own-account routes, sign-out, the workspace switcher): enough to enrol or leave.
 * On a public route they are simply signed out. Registered after plugins/auth, so the session
 * is resolved; API keys are not people and pass.
 */
export function registerTwoFactorPolicy(app: FastifyInstance) {
  // A callback, not an async function: every request passes here, and a promise per hook adds up.
  app.addHook('onRequest', (req, _reply, done) => {
    const s = req.session;
    if (!s || s.apiKeyId || s.twoFactorEnabled || !s.workspace.requireTwoFactor) return done();
    if (req.routeOptions.config?.twoFactorExempt) return done();
    // A public route serves them as it serves anyone signed out (the realtime stream's status, no topics).
    if (req.routeOptions.config?.access?.kind === 'public') {
      req.session = null;
      return done();
    }
    done(new AppError('failed-precondition', TWO_FACTOR_REQUIRED_MESSAGE));
  });
}
