import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf } from '../../../test/helpers.ts';

/** The device-token routes (spec §3 deviceTokens, web push subscriptions) and what they refuse. */
describe('device tokens', () => {
  let t: TestApp;
  let ann: AuthResult;
  let bob: AuthResult;
  const keys = {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  };
  const endpoint = (name: string) => `https://localhost:8443/wpush/v2/${name}-${Date.now()}`;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signUp(t.app, { displayName: 'Ann' });
    bob = await signUp(t.app, { displayName: 'Bob' });
  });
  afterAll(() => t?.close());

  const save = (who: AuthResult, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/device-tokens', headers: bearer(who.token), payload });
  const list = async (who: AuthResult) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/device-tokens', headers: bearer(who.token) })).json().items as {
      token: string;
      userId: string;
      lastUsed: string;
      active: boolean;
      userAgent: string | null;
      platform: string;
    }[];
  const remove = (who: AuthResult, token: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v1/device-tokens/${encodeURIComponent(token)}`,
      headers: bearer(who.token),
    });

  it('GET /push/config gives the VAPID public key kept in the data folder (0600)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/push/config', headers: bearer(ann.token) });
    expect(res.statusCode).toBe(200);
    const file = path.join(t.config.dataDir, 'vapid.json');
    expect(res.json()).toEqual({ vapidPublicKey: JSON.parse(readFileSync(file, 'utf8')).publicKey });
    expect(Buffer.from(res.json().vapidPublicKey, 'base64url')).toHaveLength(65);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/push/config' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('saves a subscription, and saving again refreshes lastUsed', async () => {
    const token = endpoint('ann');
    const first = await save(ann, { token, keys, userAgent: 'Firefox on Linux' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      token,
      userId: ann.user.uid,
      platform: 'web',
      active: true,
      userAgent: 'Firefox on Linux',
    });
    await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse(first.json().lastUsed));
    const again = await save(ann, { token, keys, userAgent: 'Firefox on Linux' });
    expect(Date.parse(again.json().lastUsed)).toBeGreaterThan(Date.parse(first.json().lastUsed));
    expect((await list(ann)).filter((d) => d.token === token)).toHaveLength(1);
  });

  it('a token saved by another user moves to that user; each sees only their own', async () => {
    const token = endpoint('shared-profile');
    await save(ann, { token, keys });
    const moved = await save(bob, { token, keys });
    expect(moved.json().userId).toBe(bob.user.uid);
    expect((await list(ann)).map((d) => d.token)).not.toContain(token);
    expect((await list(bob)).map((d) => d.token)).toContain(token);
  });

  it('deletes only the caller’s own token (404 for another’s, which stays)', async () => {
    const token = endpoint('bob-only');
    await save(bob, { token, keys });
    const foreign = await remove(ann, token);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('not-found');
    expect((await list(bob)).map((d) => d.token)).toContain(token);
    expect((await remove(bob, token)).statusCode).toBe(204);
    expect((await list(bob)).map((d) => d.token)).not.toContain(token);
    expect((await remove(bob, token)).statusCode).toBe(404);
  });

  it('a long endpoint (real ones run to hundreds of characters) is deleted by its URL-encoded path', async () => {
    const token = `${endpoint('long')}/${'x'.repeat(1500)}?a=1&b=%2F`;
    expect((await save(ann, { token, keys })).statusCode).toBe(200);
    expect((await remove(ann, token)).statusCode).toBe(204);
  });

  it('refuses endpoints that are not https, or that this server must not reach, with a clear error', async () => {
    const cases: [string, number, string, RegExp][] = [
      ['http://localhost:8443/wpush/1', 400, 'invalid-argument', /https/],
      ['not a url', 400, 'invalid-argument', /URL|spaces/],
      ['https://169.254.169.254/latest/meta-data', 403, 'permission-denied', /not allowed as a target/],
      ['https://metadata.google.internal/x', 403, 'permission-denied', /metadata/],
      ['https://user:pw@localhost:8443/x', 400, 'invalid-argument', /credentials/],
    ];
    for (const [token, status, code, why] of cases) {
      const res = await save(ann, { token, keys });
      expect(res.statusCode, `${token}: ${res.body}`).toBe(status);
      expect(errorOf(res).code).toBe(code);
      expect(JSON.stringify(errorOf(res)), token).toMatch(why);
    }
    // http to the metadata address fails on the scheme before any lookup.
    const metadata = await save(ann, { token: 'http://169.254.169.254/latest', keys });
    expect(errorOf(metadata).fields).toEqual({ token: 'a push endpoint must be an https:// URL' });
    const noKeys = await save(ann, { token: endpoint('no-keys') });
    expect(noKeys.statusCode).toBe(400);
    expect(errorOf(noKeys).fields).toEqual({ keys: expect.stringMatching(/p256dh and auth/) });
    expect((await list(ann)).map((d) => d.token)).not.toContain('http://localhost:8443/wpush/1');
  });

  it('loopback endpoints are refused unless ALLOW_LOOPBACK_TARGETS', async () => {
    const strict = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'false' });
    try {
      const who = await signUp(strict.app);
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/device-tokens',
        headers: bearer(who.token),
        payload: { token: 'https://127.0.0.1:8443/push/1', keys },
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).message).toMatch(/this server itself/);
    } finally {
      await strict.close();
    }
  });
});
