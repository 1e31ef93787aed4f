import {
  recoveryCodesRequestSchema,
  recoveryCodesSchema,
  securitySessionListSchema,
  sessionIdParamsSchema,
  signInAttemptPageSchema,
  signInAttemptsQuerySchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  workspacePolicySchema,
} from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { access } from '../../plugins/access.ts';
import { clearSessionCookie } from '../../plugins/auth.ts';
import type { SecurityService } from './security.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const tags = ['security'];
const SMALL_BODY = 16 * 1024;
const ok = z.object({ ok: z.literal(true) });
/**
 * What a member must reach to turn two-factor on when their workspace requires it (two-factor-policy.ts).
 * A person's own sessions, history and second factor are never an API key's business.
 */
const enrolling = { access: access.personOnly(access.signedIn), twoFactorExempt: true };

export function securityRoutes(
  app: FastifyInstance,
  { security, twoFactor }: { security: SecurityService; twoFactor: TwoFactorService },
) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/security/sessions',
    {
      ...enrolling,
      summary: 'The caller’s own live sessions: device, browser, address, signed in, last active, which is this one',
      response: securitySessionListSchema,
    },
    (req) => security.sessions(req.session!),
  );

  route.delete(
    '/api/v1/security/sessions/:id',
    {
      ...enrolling,
      summary: 'Sign out one of the caller’s sessions (its live views and realtime streams close)',
      params: sessionIdParamsSchema,
    },
    async (req, reply) => {
      const { current } = await security.signOutSession(req.session!, req.params.id);
      if (current) clearSessionCookie(reply);
      return reply.status(204).send();
    },
  );

  route.post(
    '/api/v1/security/sessions/sign-out-others',
    {
      ...enrolling,
      summary: 'Sign out every session of the caller except this one',
      response: z.object({ signedOut: z.number().int() }),
    },
    (req) => security.signOutOthers(req.session!),
  );

  route.get(
    '/api/v1/security/sign-ins',
    {
      ...enrolling,
      summary: 'The caller’s own sign-in history, newest first: successes and failures with address (keyset paging)',
      querystring: signInAttemptsQuerySchema,
      response: signInAttemptPageSchema,
    },
    (req) => security.signIns(req.session!, req.query),
  );

  route.get(
    '/api/v1/security/2fa',
    {
      ...enrolling,
      summary: 'Whether the caller has two-factor on, recovery codes left, and the workspace’s policy',
      response: twoFactorStatusSchema,
    },
    (req) => twoFactor.status(req.session!),
  );

  route.post(
    '/api/v1/security/2fa/setup',
    {
      ...enrolling,
      summary: 'Start enrolling: a new TOTP secret, its otpauth:// URI and QR code (confirm with /2fa/enable)',
      response: twoFactorSetupSchema,
    },
    (req) => twoFactor.setup(req.session!),
  );

  route.post(
    '/api/v1/security/2fa/enable',
    {
      ...enrolling,
      summary: 'Confirm the enrolment with a current code: two-factor is on; answers ten recovery codes, shown once',
      body: twoFactorEnableSchema,
      response: recoveryCodesSchema,
      bodyLimit: SMALL_BODY,
    },
    (req) => twoFactor.enable(req.session!, req.body.code),
  );

  route.post(
    '/api/v1/security/2fa/disable',
    {
      ...enrolling,
      summary: 'Turn two-factor off, with the password and a current code (or a recovery code)',
      body: twoFactorDisableSchema,
      response: ok,
      bodyLimit: SMALL_BODY,
    },
    async (req) => {
      await twoFactor.disable(req.session!, req.body);
      return { ok: true as const };
    },
  );

  route.post(
    '/api/v1/security/2fa/recovery-codes',
    {
      ...enrolling,
      summary: 'Replace the recovery codes with ten new ones (the password confirms); older codes stop working',
      body: recoveryCodesRequestSchema,
      response: recoveryCodesSchema,
      bodyLimit: SMALL_BODY,
    },
    (req) => twoFactor.regenerateRecoveryCodes(req.session!, req.body.password),
  );

  route.put(
    '/api/v1/security/workspace-policy',
    {
      access: access.personOnly(access.roles('manager', 'admin')),
      summary: 'Require two-factor authentication of every member of the current workspace (owner or manager)',
      body: workspacePolicySchema,
      response: workspacePolicySchema,
      bodyLimit: SMALL_BODY,
    },
    (req) => twoFactor.setPolicy(req.session!, req.body),
  );
}
