import {
  authResultSchema,
  authSettingsSchema,
  changePasswordSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signInResultSchema,
  signInSchema,
  signInTwoFactorSchema,
  signUpSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { access } from '../../plugins/access.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';
import type { SessionOutcome } from './sign-in.service.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, readDeviceCookie } from './device-cookie.ts';

const ok = z.object({ ok: z.literal(true) });
const tags = ['auth'];
const SMALL_BODY = 16 * 1024;

export function authRoutes(app: FastifyInstance, deps: { auth: AuthService; secureCookies: boolean; secret: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = apiRoutes(app, tags);
  const { auth } = deps;

  r.post(
    '/api/v1/auth/sign-up',
    {
      bodyLimit: SMALL_BODY,
      config: {
        access: access.public,
        twoFactorExempt: true,
        fieldCodes: { email: 'auth/invalid-email', password: 'auth/weak-password' },
      },
      schema: {
        tags,
        summary: 'Create an account and its workspace',
        body: signUpSchema,
        response: { 201: authResultSchema },
      },
    },
    async (req, reply) => {
      const result = await auth.signUp(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] });
      setSessionCookie(reply, result.token, deps.secureCookies);
      return reply.status(201).send(result);
    },
  );

  const meta = (req: FastifyRequest) => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'],
    device: readDeviceCookie(deps.secret, req.cookies[DEVICE_COOKIE]),
  });
  /** A new session sets its cookie and the known-device cookie. */
  const startSession = (reply: FastifyReply, outcome: SessionOutcome) => {
    setSessionCookie(reply, outcome.result.token, deps.secureCookies);
    // Only the sign-in routes read it, so it travels nowhere else.
    reply.setCookie(DEVICE_COOKIE, outcome.deviceCookie, {
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      path: '/api/v1/auth/sign-in',
      maxAge: DEVICE_COOKIE_DAYS * 86_400,
    });
    return outcome.result;
  };

  route.post(
    '/api/v1/auth/sign-in',
    {
      access: access.public,
      twoFactorExempt: true,
      fieldCodes: { email: 'auth/invalid-email' },
      summary:
        'Sign in with email and password: the session, or, when the account has two-factor on, { twoFactorRequired, challenge } for POST /auth/sign-in/2fa',
      body: signInSchema,
      response: signInResultSchema,
      bodyLimit: SMALL_BODY,
    },
    async (req, reply) => {
      const outcome = await auth.signIn(req.body, meta(req));
      // A two-factor challenge sets no cookie yet.
      return outcome.kind === 'two-factor' ? outcome.challenge : startSession(reply, outcome);
    },
  );

  route.post(
    '/api/v1/auth/sign-in/2fa',
    {
      access: access.public,
      twoFactorExempt: true,
      summary:
        'Complete a sign-in with the challenge and a current code from the authenticator app (or an unused recovery code)',
      body: signInTwoFactorSchema,
      response: authResultSchema,
      bodyLimit: SMALL_BODY,
    },
    async (req, reply) => startSession(reply, await auth.completeTwoFactor(req.body, meta(req))),
  );

  route.post(
    '/api/v1/auth/sign-out',
    { access: access.personOnly(access.public), twoFactorExempt: true, summary: 'End this session' },
    async (req, reply) => {
      if (req.session) await auth.signOut(req.session);
      clearSessionCookie(reply);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/v1/auth/password-reset',
    {
      bodyLimit: SMALL_BODY,
      config: { access: access.public, twoFactorExempt: true, fieldCodes: { email: 'auth/invalid-email' } },
      schema: {
        tags,
        summary: 'Email a password-reset link',
        body: passwordResetRequestSchema,
        response: { 202: z.object({ sent: z.literal(true) }) },
      },
    },
    async (req, reply) => {
      await auth.requestPasswordReset(req.body.email, { ip: req.ip });
      return reply.status(202).send({ sent: true as const });
    },
  );

  route.post(
    '/api/v1/auth/password-reset/confirm',
    {
      access: access.public,
      twoFactorExempt: true,
      fieldCodes: { password: 'auth/weak-password' },
      summary: 'Set a new password with a reset token',
      body: passwordResetConfirmSchema,
      response: ok,
      bodyLimit: SMALL_BODY,
    },
    async (req) => {
      await auth.confirmPasswordReset(req.body.token, req.body.password, { ip: req.ip });
      return { ok: true as const };
    },
  );

  route.post(
    '/api/v1/auth/password',
    {
      access: access.personOnly(access.signedIn),
      twoFactorExempt: true,
      fieldCodes: { newPassword: 'auth/weak-password' },
      summary: 'Change the signed-in user’s password',
      body: changePasswordSchema,
      response: ok,
      bodyLimit: SMALL_BODY,
    },
    async (req) => {
      await auth.changePassword(req.session!, req.body.currentPassword, req.body.newPassword);
      return { ok: true as const };
    },
  );

  route.get(
    '/api/v1/admin/settings/auth',
    { access: access.roles('admin'), summary: 'Installation sign-in settings', response: authSettingsSchema },
    () => auth.settings(),
  );

  route.put(
    '/api/v1/admin/settings/auth',
    {
      access: access.roles('admin'),
      summary: 'Change the installation sign-in settings',
      body: authSettingsSchema,
      response: authSettingsSchema,
      bodyLimit: SMALL_BODY,
    },
    (req) => auth.saveSettings(req.body),
  );
}
