import { ERROR_MESSAGES } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp, uniqueAddress, uniqueEmail } from '../../../test/harness.ts';
import { ACCOUNT_TABLES, countRows, errorOf, withPg } from '../../../test/helpers.ts';

const DAY_MS = 86_400_000;
// Each from its own address: the per-address sign-up allowance has a test of its own (auth-throttle.test.ts).
const signUpReq = (payload: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/api/v1/auth/sign-up',
  payload: payload as string,
  headers,
  remoteAddress: uniqueAddress(),
});
const valid = () => ({
  email: uniqueEmail('signup'),
  password: 'secret123',
  displayName: 'Sign Up',
  timezone: 'Asia/Tokyo',
});

describe('POST /api/v1/auth/sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the full spec §3 document, a workspace, a session cookie and a token (first account is admin)', async () => {
    const first = await signUp(t.app, { displayName: 'First Admin' });
    expect(first.user.role).toBe('admin');

    const input = valid();
    const res = await t.app.inject(signUpReq(input));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const u = body.user;
    expect(u).toMatchObject({
      email: input.email,
      displayName: 'Sign Up',
      role: 'user',
      plan: 'basic',
      planStatus: 'trial',
      photoURL: null,
      disabled: false,
      preferences: {
        language: 'en',
        theme: 'light',
        timezone: 'Asia/Tokyo',
        notifications: { email: true, push: true, sms: false },
      },
      limits: { maxCameras: 10, maxRecordings: 100, maxStorage: 10, aiAnalysisQuota: 0 },
      usage: { camerasCount: 0, recordingsCount: 0, storageUsed: 0, aiAnalysisUsed: 0 },
    });
    expect(Date.parse(u.trialEndDate) - Date.parse(u.trialStartDate)).toBe(7 * DAY_MS);
    for (const k of ['createdAt', 'updatedAt', 'lastLoginAt', 'trialStartDate']) {
      expect(Number.isNaN(Date.parse(u[k])), k).toBe(false);
    }
    expect(Math.abs(Date.parse(u.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(body.workspace).toMatchObject({ id: u.workspaceId, ownerId: u.uid });
    expect(typeof body.token).toBe('string');
    expect(body.token.length).toBeGreaterThan(20);

    const cookie = res.cookies.find((c) => c.name === 'vigil_session');
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });

    const rows = await withPg(t.databaseUrl, (c) =>
      c.query('select w.owner_id from users u join workspaces w on w.id = u.workspace_id where u.id = $1', [u.uid]),
    );
    expect(rows.rows).toEqual([{ owner_id: u.uid }]);

    const viaCookie = await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { vigil_session: body.token } });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.json().user.uid).toBe(u.uid);
    const viaBearer = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(body.token) });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json()).toEqual({ user: u, workspace: body.workspace, twoFactor: body.twoFactor });
    expect(body.twoFactor).toEqual({ enabled: false, required: false });
  });

  it('defaults the timezone to UTC when none is given', async () => {
    const { timezone: _tz, ...input } = valid();
    const res = await t.app.inject(signUpReq(input));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.preferences.timezone).toBe('UTC');
  });

  describe('refuses bad input and writes nothing', () => {
    async function refused(req: ReturnType<typeof signUpReq>) {
      const before = await countRows(t.databaseUrl, ACCOUNT_TABLES);
      const res = await t.app.inject(req);
      expect(await countRows(t.databaseUrl, ACCOUNT_TABLES)).toEqual(before);
      return res;
    }

    it('a malformed email → 400 auth/invalid-email', async () => {
      for (const email of ['not-an-email', 'a@', '@b.com', 'a b@c.com']) {
        const res = await refused(signUpReq({ ...valid(), email }));
        expect(res.statusCode, email).toBe(400);
        expect(errorOf(res), email).toMatchObject({
          code: 'auth/invalid-email',
          message: 'Invalid email address format.',
        });
      }
    });

    it('a short password → 400 auth/weak-password', async () => {
      const res = await refused(signUpReq({ ...valid(), password: '12345' }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'auth/weak-password',
        message: 'Password should be at least 6 characters.',
      });
    });

    it('a registered email, also differently cased → 409 auth/email-already-in-use', async () => {
      const input = valid();
      expect((await t.app.inject(signUpReq(input))).statusCode).toBe(201);
      for (const email of [input.email, input.email.toUpperCase(), ` ${input.email.replace('signup', 'SignUp')} `]) {
        const res = await refused(signUpReq({ ...valid(), email }));
        expect(res.statusCode, email).toBe(409);
        expect(errorOf(res), email).toEqual({
          code: 'auth/email-already-in-use',
          message: ERROR_MESSAGES['auth/email-already-in-use'],
        });
      }
    });

    it('missing fields, an empty body and a non-JSON body → 4xx with a code', async () => {
      const { email: _e, ...noEmail } = valid();
      const { password: _p, ...noPassword } = valid();
      const { displayName: _d, ...noName } = valid();
      const cases = [
        signUpReq(noEmail),
        signUpReq(noPassword),
        signUpReq(noName),
        signUpReq({ ...valid(), displayName: '   ' }),
        signUpReq({}),
        signUpReq('', { 'content-type': 'application/json' }),
        signUpReq('{"email": "x@y.com",', { 'content-type': 'application/json' }),
        signUpReq('email=x@y.com&password=secret123', { 'content-type': 'application/x-www-form-urlencoded' }),
        signUpReq('just text', { 'content-type': 'text/plain' }),
      ];
      for (const [i, req] of cases.entries()) {
        const res = await refused(req);
        expect(res.statusCode, `case ${i}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `case ${i}`).toBeLessThan(500);
        expect(errorOf(res).code, `case ${i}`).toMatch(/^(auth\/[a-z-]+|invalid-argument)$/);
        expect(typeof errorOf(res).message, `case ${i}`).toBe('string');
      }
    });

    it('a body over 16 KB → 413 out-of-range without a stack trace', async () => {
      const res = await refused(signUpReq({ ...valid(), displayName: 'x'.repeat(17 * 1024) }));
      expect(res.statusCode).toBe(413);
      expect(errorOf(res).code).toBe('out-of-range');
      expect(res.body).not.toMatch(/stack|\bat .+\.(ts|js):\d+/);
    });
  });

  it('five concurrent sign-ups with one email → exactly one 201, the rest auth/email-already-in-use', async () => {
    const input = valid();
    const before = await countRows(t.databaseUrl, ['users']);
    const results = await Promise.all(Array.from({ length: 5 }, () => t.app.inject(signUpReq(input))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(errorOf(r).code).toBe('auth/email-already-in-use');
    }
    expect(await countRows(t.databaseUrl, ['users'])).toEqual({ users: before.users! + 1 });
  });
});
