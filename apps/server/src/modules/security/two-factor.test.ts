import type { AuthResult } from '@vigil/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp, uniqueAddress } from '../../../test/harness.ts';
import { errorOf, getMe, resetTokenFor, signIn, withPg } from '../../../test/helpers.ts';

const STEP = 30_000;
/** The authenticator app: the real otpauth library on the (faked) clock. */
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();
/** Moves the clock to the next 30 s step, so the app shows a new code. */
const nextStep = () => vi.setSystemTime(Date.now() + STEP);

describe('TOTP two-factor: enrolment, sign-in, recovery codes, reset, workspace policy', () => {
  let t: TestApp;

  const post = (token: string | null, url: string, payload?: unknown, remoteAddress = '203.0.113.5') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: token ? bearer(token) : {},
      remoteAddress,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const status = async (token: string) => (await get(token, '/api/v1/security/2fa')).json();

  async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await post(token, '/api/v1/security/2fa/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json();
    const enabled = await post(token, '/api/v1/security/2fa/enable', { code: codeOf(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    return { secret, recoveryCodes: enabled.json().recoveryCodes };
  }
  async function challengeFor(email: string, password = 'secret123'): Promise<string> {
    const res = await signIn(t.app, email, password, uniqueAddress());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorRequired: true });
    expect(res.cookies.find((c) => c.name === 'vigil_session')).toBeUndefined();
    return res.json().challenge;
  }
  const second = (payload: object) => post(null, '/api/v1/auth/sign-in/2fa', payload);

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    t = await createTestApp();
    await signUp(t.app); // the installation's admin
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it('enrols: a secret sealed at rest, its URI and QR code; a malformed or wrong code is refused; ten recovery codes', async () => {
    const me = await signUp(t.app);
    expect((await status(me.token)).enabled).toBe(false);
    const setup = await post(me.token, '/api/v1/security/2fa/setup');
    const { secret, uri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    const stored = await withPg(t.databaseUrl, (c) =>
      c.query('select secret, enabled_at from user_two_factor where user_id = $1', [me.user.uid]),
    );
    expect(stored.rows[0].secret).toMatch(/^v1:/);
    expect(stored.rows[0].secret).not.toContain(secret);
    expect(stored.rows[0].enabled_at).toBeNull();

    const malformed = await post(me.token, '/api/v1/security/2fa/enable', { code: '12ab56' });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed)).toMatchObject({ code: 'invalid-argument', fields: { code: expect.any(String) } });
    const wrong = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post(me.token, '/api/v1/security/2fa/enable', { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toMatch(/code is not right/);
    expect((await status(me.token)).enabled).toBe(false);

    const ok = await post(me.token, '/api/v1/security/2fa/enable', { code: codeOf(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    const codes: string[] = ok.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const hashes = await withPg(t.databaseUrl, (c) =>
      c.query('select code_hash from two_factor_recovery_codes where user_id = $1', [me.user.uid]),
    );
    expect(hashes.rows).toHaveLength(10);
    for (const r of hashes.rows) expect(codes).not.toContain(r.code_hash);
    expect(await status(me.token)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await getMe(t.app, me.token)).json().twoFactor).toEqual({ enabled: true, required: false });
    // Enrolling again while on would lock the person out of their old device's codes: refused.
    const again = await post(me.token, '/api/v1/security/2fa/setup');
    expect(errorOf(again).code).toBe('failed-precondition');
  });

  it('sign-in asks for the code once it is on; a wrong code, a reused code and a tampered challenge are refused', async () => {
    const me = await signUp(t.app);
    const { secret } = await enrol(me.token);
    const enrolCode = codeOf(secret);

    const challenge = await challengeFor(me.user.email);
    // The enrolment's own code was spent: it does not sign in.
    const reused = await second({ challenge, code: enrolCode });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).code).toBe('invalid-argument');
    const tampered = await second({ challenge: `${challenge.slice(0, -2)}xx`, code: enrolCode });
    expect(errorOf(tampered)).toMatchObject({ code: 'failed-precondition', message: expect.stringMatching(/expired/) });
    expect((await second({ challenge, code: 'abcdef' })).statusCode).toBe(400);
    expect(errorOf(await second({ challenge })).fields).toHaveProperty('code');

    nextStep();
    const code = codeOf(secret);
    const done = await second({ challenge, code });
    expect(done.statusCode, done.body).toBe(200);
    const session: AuthResult = done.json();
    expect(session.user.uid).toBe(me.user.uid);
    expect(done.cookies.find((c) => c.name === 'vigil_session')?.value).toBe(session.token);
    expect((await getMe(t.app, session.token)).statusCode).toBe(200);
    // The same code, on a fresh challenge, does not work twice.
    const twice = await second({ challenge: await challengeFor(me.user.email), code });
    expect(twice.statusCode).toBe(400);
    // A challenge lives five minutes.
    const old = await challengeFor(me.user.email);
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1);
    expect(errorOf(await second({ challenge: old, code: codeOf(secret) })).code).toBe('failed-precondition');
  });

  it('recovery codes work once each; regenerating needs the password and ends the old set', async () => {
    const me = await signUp(t.app);
    const { recoveryCodes } = await enrol(me.token);
    const [first, second2, third] = recoveryCodes as [string, string, string];
    const ok = await second({ challenge: await challengeFor(me.user.email), recoveryCode: first.toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await second({ challenge: await challengeFor(me.user.email), recoveryCode: first });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toMatch(/already used/);
    expect((await status(me.token)).recoveryCodesLeft).toBe(9);
    expect(
      (await second({ challenge: await challengeFor(me.user.email), recoveryCode: 'zzzzz-zzzzz' })).statusCode,
    ).toBe(400);
    expect((await second({ challenge: await challengeFor(me.user.email), recoveryCode: 'no' })).statusCode).toBe(400);

    const wrongPassword = await post(me.token, '/api/v1/security/2fa/recovery-codes', { password: 'nope-nope' });
    expect(errorOf(wrongPassword).code).toBe('auth/wrong-password');
    const fresh = await post(me.token, '/api/v1/security/2fa/recovery-codes', { password: 'secret123' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().recoveryCodes).toHaveLength(10);
    expect(fresh.json().recoveryCodes).not.toContain(second2);
    expect((await status(me.token)).recoveryCodesLeft).toBe(10);
    const stale = await second({ challenge: await challengeFor(me.user.email), recoveryCode: third });
    expect(stale.statusCode).toBe(400);
    const newer = await second({
      challenge: await challengeFor(me.user.email),
      recoveryCode: fresh.json().recoveryCodes[0],
    });
    expect(newer.statusCode).toBe(200);
  });

  it('a password reset never bypasses two-factor: the new password still asks for the code', async () => {
    const me = await signUp(t.app);
    const { secret } = await enrol(me.token);
    const token = await resetTokenFor(t.app, t.databaseUrl, me.user.email);
    const confirm = await post(null, '/api/v1/auth/password-reset/confirm', { token, password: 'brand-new-pass' });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const challenge = await challengeFor(me.user.email, 'brand-new-pass');
    nextStep();
    expect((await second({ challenge, code: codeOf(secret) })).statusCode).toBe(200);
  });

  it('wrong codes are throttled like passwords, and the history says so', async () => {
    const me = await signUp(t.app);
    const { secret } = await enrol(me.token);
    const challenge = await challengeFor(me.user.email);
    const wrong = String((Number(codeOf(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) answers.push((await second({ challenge, code: wrong })).statusCode);
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5)).toEqual([429, 429]);
    nextStep();
    const held = await second({ challenge, code: codeOf(secret) });
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
    const history = (await get(me.token, '/api/v1/security/sign-ins?limit=100')).json().items;
    expect(history.filter((h: { reason: string }) => h.reason === 'two-factor-failed')).toHaveLength(5);
    expect(history.filter((h: { reason: string }) => h.reason === 'throttled').length).toBeGreaterThanOrEqual(3);
  });

  it('turning it off needs the password and a code; then sign-in gives a session at once', async () => {
    const me = await signUp(t.app);
    const { secret, recoveryCodes } = await enrol(me.token);
    nextStep();
    const badPassword = await post(me.token, '/api/v1/security/2fa/disable', {
      password: 'wrong-pass',
      code: codeOf(secret),
    });
    expect(errorOf(badPassword).code).toBe('auth/wrong-password');
    const neither = await post(me.token, '/api/v1/security/2fa/disable', { password: 'secret123' });
    expect(neither.statusCode).toBe(400);
    const off = await post(me.token, '/api/v1/security/2fa/disable', {
      password: 'secret123',
      recoveryCode: recoveryCodes[0],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await status(me.token)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const direct = await signIn(t.app, me.user.email, 'secret123', uniqueAddress());
    expect(direct.json().token).toEqual(expect.any(String));
    expect(
      errorOf(await post(me.token, '/api/v1/security/2fa/disable', { password: 'secret123', code: '123456' })).code,
    ).toBe('failed-precondition');
  });

  describe('a workspace that requires two-factor', () => {
    let owner: AuthResult;
    let ownerSecret: string;
    let member: AuthResult;

    beforeAll(async () => {
      owner = await signUp(t.app);
      member = await signUp(t.app);
      // The member works in the owner's workspace as an operator (what an accepted invitation makes).
      await withPg(t.databaseUrl, async (c) => {
        await c.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'operator')`, [
          owner.workspace.id,
          member.user.uid,
        ]);
        await c.query('update sessions set workspace_id = $1 where user_id = $2', [
          owner.workspace.id,
          member.user.uid,
        ]);
      });
    });
    const setPolicy = (token: string, requireTwoFactor: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/security/workspace-policy',
        headers: bearer(token),
        payload: { requireTwoFactor },
      });

    it('only an owner or manager with two-factor on may require it', async () => {
      expect(errorOf(await setPolicy(owner.token, true))).toMatchObject({
        code: 'failed-precondition',
        message: expect.stringMatching(/for yourself/),
      });
      expect((await setPolicy(member.token, true)).statusCode).toBe(403);
      expect((await setPolicy(owner.token, 'yes')).statusCode).toBe(400);
      ownerSecret = (await enrol(owner.token)).secret;
      const on = await setPolicy(owner.token, true);
      expect(on.statusCode, on.body).toBe(200);
      expect((await status(owner.token)).workspace).toMatchObject({ requireTwoFactor: true, canChangePolicy: true });
      expect((await status(member.token)).workspace).toMatchObject({ requireTwoFactor: true, canChangePolicy: false });
      // The owner cannot turn their own off while their workspace requires it.
      nextStep();
      const off = await post(owner.token, '/api/v1/security/2fa/disable', {
        password: 'secret123',
        code: codeOf(ownerSecret),
      });
      expect(errorOf(off).code).toBe('failed-precondition');
    });

    it('refuses a member without it everywhere but enrolment, then lets them in once enrolled', async () => {
      const cameras = await get(member.token, '/api/v1/cameras');
      expect(cameras.statusCode).toBe(400);
      expect(errorOf(cameras)).toEqual({
        code: 'failed-precondition',
        message: 'This workspace requires two-factor authentication. Turn it on in Security to continue.',
      });
      expect((await get(member.token, '/api/v1/events')).statusCode).toBe(400);
      // Public routes treat them as signed out: the realtime status, but no workspace topics.
      expect((await get(member.token, '/api/v1/realtime?topics=cameras')).statusCode).toBe(401);
      const me = await getMe(t.app, member.token);
      expect(me.statusCode).toBe(200);
      expect(me.json().twoFactor).toEqual({ enabled: false, required: true });
      const session = await get(member.token, '/api/v1/auth/session');
      expect(session.json().session.twoFactor).toEqual({ enabled: false, required: true });
      expect((await get(member.token, '/api/v1/security/sessions')).statusCode).toBe(200);
      await enrol(member.token);
      expect((await get(member.token, '/api/v1/cameras')).statusCode).toBe(200);
      expect((await getMe(t.app, member.token)).json().twoFactor).toEqual({ enabled: true, required: true });
      // Lifting the requirement lets people without two-factor back in.
      expect((await setPolicy(owner.token, false)).json()).toEqual({ requireTwoFactor: false });
    });
  });
});
