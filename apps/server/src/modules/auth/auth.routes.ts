import {
  authResultSchema,
  authSettingsSchema,
  changePasswordSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signInSchema,
  signUpSchema,
} from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, readDeviceCookie } from './device-cookie.ts';

const ok = z.object({ ok: z.literal(true) });
const tags = ['auth'];
const SMALL_BODY = 16 * 1024;

export function authRoutes(app: FastifyInstance, deps: { auth: AuthService; secureCookies: boolean; secret: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth } = deps;

  r.post(
    '/api/v1/auth/sign-up',
    {
      bodyLimit: SMALL_BODY,
      config: { access: access.public, fieldCodes: { email: 'auth/invalid-email', password: 'auth/weak-password' } },
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

  r.post(
    '/api/v1/auth/sign-in',
    {
      bodyLimit: SMALL_BODY,
      config: { access: access.public, fieldCodes: { email: 'auth/invalid-email' } },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: signInSchema,
        response: { 200: authResultSchema },
      },
    },
    async (req, reply) => {
      const { deviceCookie, ...result } = await auth.signIn(req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        device: readDeviceCookie(deps.secret, req.cookies[DEVICE_COOKIE]),
      });
      setSessionCookie(reply, result.token, deps.secureCookies);
      // Only the sign-in route reads it, so it travels nowhere else.
      reply.setCookie(DEVICE_COOKIE, deviceCookie, {
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies,
        path: '/api/v1/auth/sign-in',
        maxAge: DEVICE_COOKIE_DAYS * 86_400,
      });
      return result;
    },
  );

  r.post(
    '/api/v1/auth/sign-out',
    { config: { access: access.personOnly(access.public) }, schema: { tags, summary: 'End this session' } },
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
      config: { access: access.public, fieldCodes: { email: 'auth/invalid-email' } },
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

  r.post(
    '/api/v1/auth/password-reset/confirm',
    {
      bodyLimit: SMALL_BODY,
      config: { access: access.public, fieldCodes: { password: 'auth/weak-password' } },
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: passwordResetConfirmSchema,
        response: { 200: ok },
      },
    },
    async (req) => {
      await auth.confirmPasswordReset(req.body.token, req.body.password, { ip: req.ip });
      return { ok: true as const };
    },
  );

  r.post(
    '/api/v1/auth/password',
    {
      bodyLimit: SMALL_BODY,
      config: { access: access.personOnly(access.signedIn), fieldCodes: { newPassword: 'auth/weak-password' } },
      schema: {
        tags,
        summary: 'Change the signed-in user’s password',
        body: changePasswordSchema,
        response: { 200: ok },
      },
    },
    async (req) => {
      await auth.changePassword(req.session!, req.body.currentPassword, req.body.newPassword);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/v1/admin/settings/auth',
    {
      config: { access: access.roles('admin') },
      schema: { tags, summary: 'Installation sign-in settings', response: { 200: authSettingsSchema } },
    },
    () => auth.settings(),
  );

  r.put(
    '/api/v1/admin/settings/auth',
    {
      bodyLimit: SMALL_BODY,
      config: { access: access.roles('admin') },
      schema: {
        tags,
        summary: 'Change the installation sign-in settings',
        body: authSettingsSchema,
        response: { 200: authSettingsSchema },
      },
    },
    (req) => auth.saveSettings(req.body),
  );
}
