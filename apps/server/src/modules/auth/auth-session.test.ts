import { type AuthResult, LOGIN_FAILED_MESSAGE } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp, uniqueEmail } from '../../../test/harness.ts';
import { countRows, errorOf, getMe, patchMe, resetTokenFor, signIn, withPg } from '../../../test/helpers.ts';

const UNAUTHENTICATED = { code: 'auth/unauthenticated', message: 'No authenticated user' };

describe('sign-in, sign-out, password reset and change', () => {
  let t: TestApp;
  let ipCounter = 0;
  /** A fresh client address per test, so the per-address throttle never couples tests. */
  const ip = () => `10.0.0.${++ipCounter}`;
  let admin: AuthResult;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app); // the installation's first account: admin
  });
  afterAll(() => t.close());

  const confirmReset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload: { token, password } });
  const changePassword = (token: string | undefined, currentPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: token ? bearer(token) : {},
      payload: { currentPassword, newPassword },
    });

  describe('POST /api/v1/auth/sign-in', () => {
    it('the right password → 200, a new token and cookie, lastLoginAt moved forward', async () => {
      const email = uniqueEmail('in');
      const up = await signUp(t.app, { email });
      const res = await signIn(t.app, email.toUpperCase(), 'secret123', ip());
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user.uid).toBe(up.user.uid);
      expect(body.token).not.toBe(up.token);
      expect(res.cookies.find((c) => c.name === 'vigil_session')).toMatchObject({ value: body.token, httpOnly: true });
      expect(Date.parse(body.user.lastLoginAt)).toBeGreaterThan(Date.parse(up.user.lastLoginAt!));
      const me = await getMe(t.app, body.token);
      expect(me.json().user.lastLoginAt).toBe(body.user.lastLoginAt);
    });

    it('a wrong password and an unknown email get one answer: auth/invalid-credential, "Login failed…"', async () => {
      const { user } = await signUp(t.app);
      const wrong = await signIn(t.app, user.email, 'not-the-password', ip());
      const unknown = await signIn(t.app, uniqueEmail('nobody'), 'secret123', ip());
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toEqual({ code: 'auth/invalid-credential', message: LOGIN_FAILED_MESSAGE });
        expect(res.cookies).toEqual([]);
      }
    });

    it('with enumeration protection turned off by an admin, the two catalogue messages come back', async () => {
      const setting = (enumerationProtection: boolean) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/v1/admin/settings/auth',
          headers: bearer(admin.token),
          payload: { enumerationProtection },
        });
      const notAdmin = await signUp(t.app);
      const denied = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings/auth',
        headers: bearer(notAdmin.token),
        payload: { enumerationProtection: false },
      });
      expect(denied.statusCode).toBe(403);
      expect((await setting(false)).json()).toEqual({ enumerationProtection: false });
      try {
        const wrong = await signIn(t.app, notAdmin.user.email, 'not-the-password', ip());
        expect(errorOf(wrong)).toEqual({ code: 'auth/wrong-password', message: 'Invalid password. Please try again.' });
        const unknown = await signIn(t.app, uniqueEmail('nobody'), 'secret123', ip());
        expect(errorOf(unknown)).toEqual({
          code: 'auth/user-not-found',
          message: 'User not found. Please check your email address.',
        });
      } finally {
        expect((await setting(true)).json()).toEqual({ enumerationProtection: true });
      }
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/settings/auth',
        headers: bearer(admin.token),
      });
      expect(read.json()).toEqual({ enumerationProtection: true });
    });

    it('after 5 failures for one email → auth/too-many-requests, even with the right password', async () => {
      const { user } = await signUp(t.app);
      const other = await signUp(t.app);
      const addr = ip();
      for (let i = 1; i <= 5; i++) {
        const res = await signIn(t.app, user.email, `wrong-${i}`, addr);
        expect(errorOf(res).code, `attempt ${i}`).toBe('auth/invalid-credential');
      }
      const locked = await signIn(t.app, user.email, 'secret123', ip());
      expect(locked.statusCode).toBe(429);
      expect(errorOf(locked)).toMatchObject({
        code: 'auth/too-many-requests',
        message: 'Too many failed attempts. Please try again later.',
      });
      // The lock is per email: another account from the same address still signs in.
      expect((await signIn(t.app, other.user.email, 'secret123', addr)).statusCode).toBe(200);
    });

    it('failures for an unknown email lock that email too', async () => {
      const email = uniqueEmail('ghost');
      for (let i = 0; i < 5; i++)
        expect(errorOf(await signIn(t.app, email, 'x', ip())).code).toBe('auth/invalid-credential');
      expect(errorOf(await signIn(t.app, email, 'x', ip())).code).toBe('auth/too-many-requests');
    });
  });

  it('sign-out ends the session: the token then gets 401 "No authenticated user"', async () => {
    const { token } = await signUp(t.app);
    const keep = await signIn(t.app, (await getMe(t.app, token)).json().user.email, 'secret123', ip());
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'vigil_session')?.value).toBe('');
    const after = await getMe(t.app, token);
    expect(after.statusCode).toBe(401);
    expect(errorOf(after)).toMatchObject(UNAUTHENTICATED);
    expect((await getMe(t.app, keep.json().token)).statusCode).toBe(200); // other sessions live on
  });

  describe('password reset', () => {
    it('always answers 202; an unknown email writes no mail', async () => {
      const before = await countRows(t.databaseUrl, ['mail_outbox', 'password_resets']);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        payload: { email: uniqueEmail('nobody') },
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ sent: true });
      expect(await countRows(t.databaseUrl, ['mail_outbox', 'password_resets'])).toEqual(before);
    });

    it('mails a link whose token sets a new password once and ends every session', async () => {
      const { user, token: oldSession } = await signUp(t.app);
      const second = (await signIn(t.app, user.email, 'secret123', ip())).json().token;
      const resetToken = await resetTokenFor(t.app, t.databaseUrl, user.email);
      const mail = await withPg(t.databaseUrl, (c) =>
        c.query('select subject, text from mail_outbox where "to" = $1', [user.email]),
      );
      expect(mail.rows).toHaveLength(1);
      expect(mail.rows[0].text).toContain(`${t.config.publicUrl}/auth/reset?token=`);

      const weak = await confirmReset(resetToken, '12345');
      expect(weak.statusCode).toBe(400);
      expect(errorOf(weak)).toMatchObject({
        code: 'auth/weak-password',
        message: 'Password should be at least 6 characters.',
      });

      const ok = await confirmReset(resetToken, 'brand-new-pass');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ ok: true });
      const again = await confirmReset(resetToken, 'another-pass');
      expect(again.statusCode).toBe(400);
      expect(errorOf(again).code).toBe('invalid-argument');

      expect(errorOf(await signIn(t.app, user.email, 'secret123', ip())).code).toBe('auth/invalid-credential');
      expect(errorOf(await signIn(t.app, user.email, 'another-pass', ip())).code).toBe('auth/invalid-credential');
      expect((await signIn(t.app, user.email, 'brand-new-pass', ip())).statusCode).toBe(200);
      for (const old of [oldSession, second]) {
        const res = await getMe(t.app, old);
        expect(res.statusCode).toBe(401);
        expect(errorOf(res)).toMatchObject(UNAUTHENTICATED);
      }
    });

    it('a made-up token → 400 invalid-argument', async () => {
      const res = await confirmReset('x'.repeat(43), 'brand-new-pass');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('invalid-argument');
    });
  });

  describe('POST /api/v1/auth/password (change)', () => {
    it('signed out → 401 "No authenticated user"', async () => {
      const res = await changePassword(undefined, 'secret123', 'brand-new-pass');
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toMatchObject(UNAUTHENTICATED);
    });

    it('a wrong current password → auth/wrong-password and nothing changes', async () => {
      const { user, token } = await signUp(t.app);
      const res = await changePassword(token, 'not-it', 'brand-new-pass');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('auth/wrong-password');
      expect((await signIn(t.app, user.email, 'secret123', ip())).statusCode).toBe(200);
    });

    it('a short new password → auth/weak-password', async () => {
      const { token } = await signUp(t.app);
      expect(errorOf(await changePassword(token, 'secret123', '123')).code).toBe('auth/weak-password');
    });

    it('success: the new password works, other sessions end, the current one stays', async () => {
      const { user, token: current } = await signUp(t.app);
      const other = (await signIn(t.app, user.email, 'secret123', ip())).json().token;
      const res = await changePassword(current, 'secret123', 'changed-pass');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await getMe(t.app, current)).statusCode).toBe(200);
      expect((await getMe(t.app, other)).statusCode).toBe(401);
      expect(errorOf(await signIn(t.app, user.email, 'secret123', ip())).code).toBe('auth/invalid-credential');
      expect((await signIn(t.app, user.email, 'changed-pass', ip())).statusCode).toBe(200);
    });
  });

  describe('CSRF on cookie-authenticated writes', () => {
    it('a foreign Origin → 403 permission-denied and no change; our own origin → 200', async () => {
      const { token } = await signUp(t.app, { displayName: 'Before' });
      const cookies = { vigil_session: token };
      for (const origin of ['http://evil.example', 'null', 'http://127.0.0.1:3000.evil.example']) {
        const evil = await patchMe(t.app, '', { displayName: 'Hacked' }, { headers: { origin }, cookies });
        expect(evil.statusCode, origin).toBe(403);
        expect(errorOf(evil), origin).toMatchObject({ code: 'permission-denied' });
      }
      expect((await getMe(t.app, token)).json().user.displayName).toBe('Before');
      const own = await patchMe(
        t.app,
        '',
        { displayName: 'After' },
        { headers: { origin: t.config.publicUrl }, cookies },
      );
      expect(own.statusCode).toBe(200);
      expect(own.json().user.displayName).toBe('After');
    });

    it('a bearer token is not a CSRF vector: a foreign Origin with a bearer is accepted', async () => {
      const { token } = await signUp(t.app);
      const res = await patchMe(
        t.app,
        token,
        { displayName: 'Bearer' },
        { headers: { ...bearer(token), origin: 'http://evil.example' } },
      );
      expect(res.statusCode).toBe(200);
    });
  });
});
