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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

export function securityRoutes(app: FastifyInstance, deps: { security: SecurityService; twoFactor: TwoFactorService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { security, twoFactor } = deps;

  r.get(
    '/api/v1/security/sessions',
    {
      config: enrolling,
      schema: {
        tags,
        summary: 'The caller’s own live sessions: device, browser, address, signed in, last active, which is this one',
        response: { 200: securitySessionListSchema },
      },
    },
    async (req) => security.sessions(req.session!),
  );

  r.delete(
    '/api/v1/security/sessions/:id',
    {
      config: enrolling,
      schema: {
        tags,
        summary: 'Sign out one of the caller’s sessions (its live views and realtime streams close)',
        params: sessionIdParamsSchema,
      },
    },
    async (req, reply) => {
      const { current } = await security.signOutSession(req.session!, req.params.id);
      if (current) clearSessionCookie(reply);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/v1/security/sessions/sign-out-others',
    {
      config: enrolling,
      schema: {
        tags,
        summary: 'Sign out every session of the caller except this one',
        response: { 200: z.object({ signedOut: z.number().int() }) },
      },
    },
    async (req) => security.signOutOthers(req.session!),
  );

  r.get(
    '/api/v1/security/sign-ins',
    {
      config: enrolling,
      schema: {
        tags,
        summary: 'The caller’s own sign-in history, newest first: successes and failures with address (keyset paging)',
        querystring: signInAttemptsQuerySchema,
        response: { 200: signInAttemptPageSchema },
      },
    },
    async (req) => security.signIns(req.session!, req.query),
  );

  r.get(
    '/api/v1/security/2fa',
    {
      config: enrolling,
      schema: {
        tags,
        summary: 'Whether the caller has two-factor on, recovery codes left, and the workspace’s policy',
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (req) => twoFactor.status(req.session!),
  );

  r.post(
    '/api/v1/security/2fa/setup',
    {
      config: enrolling,
      schema: {
        tags,
        summary: 'Start enrolling: a new TOTP secret, its otpauth:// URI and QR code (confirm with /2fa/enable)',
        response: { 200: twoFactorSetupSchema },
      },
    },
    async (req) => twoFactor.setup(req.session!),
  );

  r.post(
    '/api/v1/security/2fa/enable',
    {
      bodyLimit: SMALL_BODY,
      config: enrolling,
      schema: {
        tags,
        summary: 'Confirm the enrolment with a current code: two-factor is on; answers ten recovery codes, shown once',
        body: twoFactorEnableSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (req) => twoFactor.enable(req.session!, req.body.code),
  );

  r.post(
    '/api/v1/security/2fa/disable',
    {
      bodyLimit: SMALL_BODY,
      config: enrolling,
      schema: {
        tags,
        summary: 'Turn two-factor off, with the password and a current code (or a recovery code)',
        body: twoFactorDisableSchema,
        response: { 200: ok },
      },
    },
    async (req) => {
      await twoFactor.disable(req.session!, req.body);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/v1/security/2fa/recovery-codes',
    {
      bodyLimit: SMALL_BODY,
      config: enrolling,
      schema: {
        tags,
        summary: 'Replace the recovery codes with ten new ones (the password confirms); older codes stop working',
        body: recoveryCodesRequestSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (req) => twoFactor.regenerateRecoveryCodes(req.session!, req.body.password),
  );

  r.put(
    '/api/v1/security/workspace-policy',
    {
      bodyLimit: SMALL_BODY,
      config: { access: access.personOnly(access.roles('manager', 'admin')) },
      schema: {
        tags,
        summary: 'Require two-factor authentication of every member of the current workspace (owner or manager)',
        body: workspacePolicySchema,
        response: { 200: workspacePolicySchema },
      },
    },
    async (req) => twoFactor.setPolicy(req.session!, req.body),
  );
}
