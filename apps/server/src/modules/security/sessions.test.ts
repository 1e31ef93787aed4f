import type { AuthResult, SecuritySession, SignInAttempt } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp, uniqueEmail } from '../../../test/harness.ts';
import { errorOf, getMe, openSse, withPg } from '../../../test/helpers.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('own sessions and sign-in history', () => {
  let t: TestApp;
  let base: string;

  const signInFrom = (email: string, password: string, ip: string, ua: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password },
      remoteAddress: ip,
      headers: { 'user-agent': ua },
    });
  const list = async (token: string): Promise<SecuritySession[]> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/security/sessions', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  };
  const signOutOne = (token: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/security/sessions/${id}`, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.startsWith('http') ? address : `http://${address}`;
    await signUp(t.app); // the installation's admin
  });
  afterAll(() => t.close());

  it('lists the caller’s live sessions with device, browser, address and times, this one first; ids are opaque', async () => {
    const me = await signUp(t.app);
    const phone: AuthResult = (await signInFrom(me.user.email, 'secret123', '198.51.100.7', IPHONE)).json();
    await signInFrom(me.user.email, 'secret123', '198.51.100.8', FIREFOX);
    const stranger = await signUp(t.app);
    const items = await list(phone.token);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({
      current: true,
      address: '198.51.100.7',
      deviceType: 'mobile',
      os: 'iOS 17.4',
      browser: 'Safari 17',
      workspace: { id: me.workspace.id, name: me.workspace.name },
    });
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.find((s) => s.address === '198.51.100.8')).toMatchObject({ browser: 'Firefox 128', os: 'Windows 10' });
    for (const s of items) {
      expect(Date.parse(s.signedInAt)).not.toBeNaN();
      expect(Date.parse(s.lastActiveAt)).not.toBeNaN();
      expect(s.id).toMatch(/^[\w-]{22}$/);
    }
    // No id is, or contains, a token hash.
    const hashes = await withPg(t.databaseUrl, (c) => c.query('select token_hash from sessions'));
    for (const { token_hash } of hashes.rows)
      for (const s of items) expect(token_hash.includes(s.id) || s.id.includes(token_hash.slice(0, 12))).toBe(false);
    // Another person's list holds none of these.
    const theirs = await list(stranger.token);
    expect(theirs.map((s) => s.id)).not.toEqual(expect.arrayContaining([items[1]!.id]));
  });

  it('"sign out this one" ends that session at once (its next request is 401, its realtime stream closes); others are untouched', async () => {
    const me = await signUp(t.app);
    const laptop: AuthResult = (await signInFrom(me.user.email, 'secret123', '198.51.100.20', FIREFOX)).json();
    const stream = await openSse(`${base}/api/v1/realtime?topics=me`, { authorization: `Bearer ${laptop.token}` });
    expect(stream.status).toBe(200);
    expect((await stream.next())?.event).toBe('ready');
    const target = (await list(me.token)).find((s) => s.address === '198.51.100.20')!;
    const res = await signOutOne(me.token, target.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(await stream.untilEnd()).toEqual([]);
    expect((await getMe(t.app, laptop.token)).statusCode).toBe(401);
    expect((await getMe(t.app, me.token)).statusCode).toBe(200);
    expect((await list(me.token)).map((s) => s.id)).not.toContain(target.id);
    // Gone already: not found.
    expect(errorOf(await signOutOne(me.token, target.id)).code).toBe('not-found');
  });

  it('someone else’s session id is not found, a malformed one is invalid; neither ends anything', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const theirs = (await list(other.token))[0]!;
    const res = await signOutOne(me.token, theirs.id);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('not-found');
    expect((await getMe(t.app, other.token)).statusCode).toBe(200);
    for (const bad of ['short', 'x'.repeat(64), 'aaaaaaaaaa%20aaaaaaaaaaa', 'aaaaaaaaaaaaaaaaaaaaa!'])
      expect(errorOf(await signOutOne(me.token, bad)).code, bad).toBe('invalid-argument');
  });

  it('"sign out all others" keeps only the current session', async () => {
    const me = await signUp(t.app);
    const a: AuthResult = (await signInFrom(me.user.email, 'secret123', '198.51.100.31', FIREFOX)).json();
    const b: AuthResult = (await signInFrom(me.user.email, 'secret123', '198.51.100.32', IPHONE)).json();
    const other = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/sessions/sign-out-others',
      headers: bearer(a.token),
    });
    expect(res.json()).toEqual({ signedOut: 2 });
    expect((await getMe(t.app, a.token)).statusCode).toBe(200);
    expect((await getMe(t.app, b.token)).statusCode).toBe(401);
    expect((await getMe(t.app, me.token)).statusCode).toBe(401);
    expect((await getMe(t.app, other.token)).statusCode).toBe(200);
    const left = await list(a.token);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true, address: '198.51.100.31' });
  });

  it('sign-in history: successes and failures with address and browser, newest first, paged; unknown emails belong to nobody', async () => {
    const me = await signUp(t.app);
    await signInFrom(me.user.email, 'wrong-password', '192.0.2.10', FIREFOX);
    await signInFrom(me.user.email, 'secret123', '192.0.2.11', IPHONE);
    const unknown = uniqueEmail('nobody');
    await signInFrom(unknown, 'secret123', '192.0.2.12', FIREFOX);
    await withPg(t.databaseUrl, (c) => c.query('update users set disabled_at = now() where id = $1', [me.user.uid]));
    await signInFrom(me.user.email, 'secret123', '192.0.2.13', FIREFOX);
    await withPg(t.databaseUrl, (c) => c.query('update users set disabled_at = null where id = $1', [me.user.uid]));

    const page = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/security/sign-ins${query}`,
        headers: bearer(me.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: SignInAttempt[]; nextCursor: string | null };
    };
    const all = await page('');
    expect(all.items.map((i) => [i.ok, i.reason, i.method, i.address])).toEqual([
      [false, 'disabled', null, '192.0.2.13'],
      [true, null, 'password', '192.0.2.11'],
      [false, 'wrong-password', null, '192.0.2.10'],
    ]);
    expect(all.items[1]).toMatchObject({ browser: 'Safari 17', deviceType: 'mobile' });
    const first = await page('?limit=2');
    expect(first.items).toHaveLength(2);
    const rest = await page(`?limit=2&startAfter=${first.nextCursor}`);
    expect(rest.items.map((i) => i.address)).toEqual(['192.0.2.10']);
    expect(rest.nextCursor).toBeNull();
    const orphan = await withPg(t.databaseUrl, (c) =>
      c.query('select user_id, ok, reason, ip from sign_in_attempts where email = $1', [unknown]),
    );
    expect(orphan.rows).toEqual([{ user_id: null, ok: false, reason: 'unknown-account', ip: '192.0.2.12' }]);
    // Another person sees none of it.
    const other = await signUp(t.app);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/security/sign-ins',
      headers: bearer(other.token),
    });
    expect(theirs.json().items).toEqual([]);
    for (const bad of [
      '?limit=0',
      '?limit=101',
      '?startAfter=not-a-cursor',
      `?startAfter=${Buffer.from('["x","y"]').toString('base64url')}`,
    ])
      expect(
        errorOf(
          await t.app.inject({ method: 'GET', url: `/api/v1/security/sign-ins${bad}`, headers: bearer(me.token) }),
        ).code,
      ).toBe('invalid-argument');
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/security/sessions'],
      ['POST', '/api/v1/security/sessions/sign-out-others'],
      ['GET', '/api/v1/security/sign-ins'],
      ['GET', '/api/v1/security/2fa'],
    ] as const)
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });
});
