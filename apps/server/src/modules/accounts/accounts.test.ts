import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf, getMe, patchMe, tinyPng } from '../../../test/helpers.ts';
import { createLocalStorage } from '../../lib/storage.ts';

describe('accounts: /api/v1/me, photo, workspaces', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t.app); // first account (admin)
  });
  afterAll(() => t.close());

  describe('GET/PATCH /api/v1/me', () => {
    it('GET signed out → 401 auth/unauthenticated', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toMatchObject({ code: 'auth/unauthenticated', message: 'No authenticated user' });
    });

    it('changes the display name (trimmed) and stamps updatedAt', async () => {
      const { token, user } = await signUp(t.app);
      const res = await patchMe(t.app, token, { displayName: '  New Name  ' });
      expect(res.statusCode).toBe(200);
      const after = res.json().user;
      expect(after.displayName).toBe('New Name');
      expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(user.updatedAt));
      expect(after.createdAt).toBe(user.createdAt);
      expect((await getMe(t.app, token)).json().user.displayName).toBe('New Name');
    });

    it('changes each preference on its own and keeps the others', async () => {
      const { token, user } = await signUp(t.app);
      const steps: [Record<string, unknown>, Record<string, unknown>][] = [
        [{ language: 'fr' }, { ...user.preferences, language: 'fr' }],
        [{ theme: 'dark' }, { ...user.preferences, language: 'fr', theme: 'dark' }],
        [
          { timezone: 'America/New_York' },
          { ...user.preferences, language: 'fr', theme: 'dark', timezone: 'America/New_York' },
        ],
      ];
      for (const [patch, expected] of steps) {
        const res = await patchMe(t.app, token, { preferences: patch });
        expect(res.statusCode, JSON.stringify(patch)).toBe(200);
        expect(res.json().user.preferences).toEqual(expected);
      }
      expect((await getMe(t.app, token)).json().user.preferences).toEqual(steps.at(-1)![1]);
    });

    it('merges a partial notifications object', async () => {
      const { token } = await signUp(t.app);
      const one = await patchMe(t.app, token, { preferences: { notifications: { sms: true } } });
      expect(one.json().user.preferences.notifications).toEqual({ email: true, push: true, sms: true });
      const two = await patchMe(t.app, token, { preferences: { notifications: { email: false } } });
      expect(two.json().user.preferences.notifications).toEqual({ email: false, push: true, sms: true });
      expect((await getMe(t.app, token)).json().user.preferences.notifications).toEqual({
        email: false,
        push: true,
        sms: true,
      });
    });

    it('keeps the digest choice and a phone number checked against its country’s plan', async () => {
      const { token } = await signUp(t.app);
      const ok = await patchMe(t.app, token, {
        preferences: { notifications: { sms: true, digest: true, phoneNumber: '+33612345678' } },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().user.preferences.notifications).toMatchObject({
        sms: true,
        digest: true,
        phoneNumber: '+33612345678',
      });
      for (const [phoneNumber, why] of [
        ['+3361234', /not a valid phone number/],
        ['+330612345678', /should be written|not a valid/],
      ] as const) {
        const res = await patchMe(t.app, token, { preferences: { notifications: { phoneNumber } } });
        expect(res.statusCode, phoneNumber).toBe(400);
        expect(errorOf(res).fields?.phoneNumber, phoneNumber).toMatch(why);
      }
      const shape = await patchMe(t.app, token, { preferences: { notifications: { phoneNumber: '06 12 34 56 78' } } });
      expect(errorOf(shape).code).toBe('invalid-argument');
      const cleared = await patchMe(t.app, token, { preferences: { notifications: { phoneNumber: null } } });
      expect(cleared.json().user.preferences.notifications.phoneNumber).toBeNull();
    });

    it('refuses unknown keys, bad values and a bad timezone with invalid-argument and changes nothing', async () => {
      const { token } = await signUp(t.app);
      const before = (await getMe(t.app, token)).json();
      const bad = [
        { displayName: 'Ok', role: 'admin' },
        { plan: 'vms' },
        { preferences: { colour: 'blue' } },
        { preferences: { notifications: { email: 'yes' } } },
        { preferences: { timezone: 'Mars/Olympus_Mons' } },
        { preferences: { language: 'xx' } },
        { preferences: { theme: 'neon' } },
        { displayName: '   ' },
        { displayName: 'x'.repeat(81) },
      ];
      for (const payload of bad) {
        const res = await patchMe(t.app, token, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(errorOf(res).code, JSON.stringify(payload)).toBe('invalid-argument');
      }
      expect((await getMe(t.app, token)).json()).toEqual(before);
    });

    it('refuses an unknown key inside notifications with invalid-argument', async () => {
      const { token } = await signUp(t.app);
      const before = (await getMe(t.app, token)).json();
      const res = await patchMe(t.app, token, { preferences: { notifications: { fax: true } } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('invalid-argument');
      expect((await getMe(t.app, token)).json()).toEqual(before);
    });
  });

  describe('profile photo', () => {
    const putPhoto = (token: string, body: Buffer | string, type: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/me/photo',
        headers: { ...bearer(token), 'content-type': type },
        payload: body,
      });

    it('a PNG → photoURL is a signed URL serving the same bytes as image/png', async () => {
      const { token } = await signUp(t.app);
      const png = tinyPng();
      const res = await putPhoto(token, png, 'image/png');
      expect(res.statusCode).toBe(200);
      const url: string = res.json().user.photoURL;
      expect(url).toMatch(/^\/api\/v1\/storage\/object\?.*signature=/);
      const dl = await t.app.inject({ method: 'GET', url });
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['content-type']).toBe('image/png');
      expect(dl.rawPayload.equals(png)).toBe(true);
      expect((await getMe(t.app, token)).json().user.photoURL).toMatch(/^\/api\/v1\/storage\/object\?/);
    });

    it('a tampered signature, a changed path or an expired URL → 403', async () => {
      const { token, user } = await signUp(t.app);
      const url = new URL((await putPhoto(token, tinyPng(), 'image/png')).json().user.photoURL, 'http://x');
      const sig = url.searchParams.get('signature')!;
      const path = url.searchParams.get('path')!;

      const tampered = new URL(url);
      tampered.searchParams.set('signature', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
      const moved = new URL(url);
      moved.searchParams.set('path', path.replace(user.uid, '00000000-0000-4000-8000-000000000000'));
      const later = new URL(url);
      later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
      // A URL signed with the real secret whose time is up.
      const expired = await createLocalStorage(t.config.storageDir, t.config.authSecret).signedUrl(path, {
        ttlSeconds: -5,
      });

      for (const u of [
        tampered.pathname + tampered.search,
        moved.pathname + moved.search,
        later.pathname + later.search,
        expired,
      ]) {
        const res = await t.app.inject({ method: 'GET', url: u });
        expect(res.statusCode, u).toBe(403);
        expect(errorOf(res).code, u).toBe('permission-denied');
      }
      // Control: the same signer with time left is accepted, so the 403s are about the signature and time.
      const fresh = await createLocalStorage(t.config.storageDir, t.config.authSecret).signedUrl(path, {
        ttlSeconds: 60,
      });
      expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);
    });

    it('a text/plain body → 4xx invalid-argument; nothing stored', async () => {
      const { token } = await signUp(t.app);
      const res = await putPhoto(token, 'not an image', 'text/plain');
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(errorOf(res).code).toBe('invalid-argument');
      expect((await getMe(t.app, token)).json().user.photoURL).toBeNull();
    });

    it('a photo over 2 MB → 413; one of 100 KB (over the 64 KB JSON limit) is accepted', async () => {
      const { token } = await signUp(t.app);
      const big = Buffer.concat([tinyPng(), Buffer.alloc(2 * 1024 * 1024)]);
      const res = await putPhoto(token, big, 'image/png');
      expect(res.statusCode).toBe(413);
      expect(errorOf(res).code).toBe('out-of-range');
      expect((await getMe(t.app, token)).json().user.photoURL).toBeNull();
      const medium = Buffer.concat([tinyPng(), Buffer.alloc(100 * 1024)]);
      expect((await putPhoto(token, medium, 'image/png')).statusCode).toBe(200);
    });

    it('a new photo replaces the old file; DELETE → photoURL null and the old URL stops serving', async () => {
      const { token } = await signUp(t.app);
      const first = (await putPhoto(token, tinyPng(), 'image/png')).json().user.photoURL;
      const second = (await putPhoto(token, tinyPng(), 'image/png')).json().user.photoURL;
      expect(second).not.toBe(first);
      expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/me/photo', headers: bearer(token) });
      expect(del.statusCode).toBe(200);
      expect(del.json().user.photoURL).toBeNull();
      expect((await getMe(t.app, token)).json().user.photoURL).toBeNull();
      const gone = await t.app.inject({ method: 'GET', url: second });
      expect(gone.statusCode).toBe(404);
      expect(errorOf(gone).code).toBe('not-found');
    });
  });

  describe('GET /api/v1/workspaces/:id', () => {
    it('own → 200; another user’s → 404 not-found; a non-uuid → 400 invalid-argument', async () => {
      const a = await signUp(t.app);
      const b = await signUp(t.app);
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/v1/workspaces/${a.workspace.id}`,
        headers: bearer(a.token),
      });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual(a.workspace);

      const other = await t.app.inject({
        method: 'GET',
        url: `/api/v1/workspaces/${b.workspace.id}`,
        headers: bearer(a.token),
      });
      expect(other.statusCode).toBe(404);
      expect(errorOf(other)).toMatchObject({ code: 'not-found', message: 'The requested resource was not found.' });

      const bad = await t.app.inject({ method: 'GET', url: '/api/v1/workspaces/not-a-uuid', headers: bearer(a.token) });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).code).toBe('invalid-argument');

      const anon = await t.app.inject({ method: 'GET', url: `/api/v1/workspaces/${a.workspace.id}` });
      expect(anon.statusCode).toBe(401);
    });
  });
});
