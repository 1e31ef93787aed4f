import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf, setRoleInDb } from '../../../test/helpers.ts';

describe('storage: /api/v1/storage/*', () => {
  let t: TestApp;
  let owner: AuthResult;
  let stranger: AuthResult;
  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t.app); // the installation's first account (admin)
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
  });
  afterAll(() => t.close());

  const put = (token: string, path: string, body: string | Buffer, type = 'application/octet-stream') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/storage/files',
      query: { path },
      headers: { ...bearer(token), 'content-type': type },
      payload: body,
    });
  const urlOf = (token: string, path: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/storage/url', query: { path }, headers: bearer(token) });
  const del = (token: string, path: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/v1/storage/files', query: { path }, headers: bearer(token) });

  it('an owner (role user counts as manager) uploads; the signed URL downloads the same bytes', async () => {
    expect(owner.user.role).toBe('user');
    const up = await put(owner.token, 'a/b.txt', 'hello vigil');
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ path: 'a/b.txt' });

    const res = await urlOf(owner.token, 'a/b.txt');
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(/^\/api\/v1\/storage\/object\?.*signature=/);
    const ttl = Date.parse(expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300_000);

    const dl = await t.app.inject({ method: 'GET', url });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('hello vigil');
    expect(dl.headers['content-type']).toBe('application/octet-stream');
  });

  it('a text/plain or JSON upload is stored as its raw bytes with its content type', async () => {
    for (const [path, type, body] of [
      ['notes/b.txt', 'text/plain', 'hello text'],
      ['notes/c.json', 'application/json', '{"a":1}'],
    ]) {
      const up = await put(owner.token, path!, body!, type);
      expect(up.statusCode, `${type}: ${up.body}`).toBe(200);
      const dl = await t.app.inject({ method: 'GET', url: (await urlOf(owner.token, path!)).json().url });
      expect(dl.body).toBe(body);
      expect(dl.headers['content-type']).toMatch(new RegExp(`^${type}`));
    }
  });

  it('binary uploads over the 64 KB JSON limit round-trip byte for byte', async () => {
    const bytes = Buffer.from(Array.from({ length: 200 * 1024 }, (_, i) => (i * 31) % 256));
    expect((await put(owner.token, 'bin/data.bin', bytes, 'application/octet-stream')).statusCode).toBe(200);
    const dl = await t.app.inject({ method: 'GET', url: (await urlOf(owner.token, 'bin/data.bin')).json().url });
    expect(dl.rawPayload.equals(bytes)).toBe(true);
  });

  it('paths are per workspace: another workspace asking for the same path gets not-found', async () => {
    await put(owner.token, 'shared/name.txt', 'owner copy');
    const res = await urlOf(stranger.token, 'shared/name.txt');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('not-found');
    // Their own file under the same name is a different object.
    await put(stranger.token, 'shared/name.txt', 'stranger copy');
    const mine = await t.app.inject({ method: 'GET', url: (await urlOf(owner.token, 'shared/name.txt')).json().url });
    const theirs = await t.app.inject({
      method: 'GET',
      url: (await urlOf(stranger.token, 'shared/name.txt')).json().url,
    });
    expect([mine.body, theirs.body]).toEqual(['owner copy', 'stranger copy']);
    // Deleting "theirs" does not touch the owner's.
    expect((await del(stranger.token, 'shared/name.txt')).statusCode).toBe(204);
    expect((await urlOf(owner.token, 'shared/name.txt')).statusCode).toBe(200);
  });

  it('path traversal and malformed paths → 400 invalid-argument on upload, url and delete', async () => {
    const bad = ['../x', 'a/../../x', '/abs', 'a//b', './a', 'a/./b', 'a\\b', '.hidden', 'a/', ''];
    for (const path of bad) {
      for (const res of [
        await put(owner.token, path, 'x'),
        await urlOf(owner.token, path),
        await del(owner.token, path),
      ]) {
        expect(res.statusCode, path).toBe(400);
        expect(errorOf(res).code, path).toBe('invalid-argument');
      }
    }
  });

  it('DELETE → 204, then the url → 404 and an old signed URL → 404', async () => {
    await put(owner.token, 'gone/soon.txt', 'bye');
    const old = (await urlOf(owner.token, 'gone/soon.txt')).json().url;
    const res = await del(owner.token, 'gone/soon.txt');
    expect(res.statusCode).toBe(204);
    const after = await urlOf(owner.token, 'gone/soon.txt');
    expect(after.statusCode).toBe(404);
    expect(errorOf(after).code).toBe('not-found');
    expect((await t.app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
  });

  it('an empty upload → 400; signed out → 401; a viewer may read but not write', async () => {
    expect(errorOf(await put(owner.token, 'empty.txt', '')).code).toBe('invalid-argument');
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/storage/url', query: { path: 'a/b.txt' } });
    expect(anon.statusCode).toBe(401);

    const viewer = await signUp(t.app);
    await put(viewer.token, 'mine.txt', 'before demotion');
    await setRoleInDb(t.databaseUrl, viewer.user.uid, 'viewer');
    const write = await put(viewer.token, 'mine.txt', 'after');
    expect(write.statusCode).toBe(403);
    expect(errorOf(write).code).toBe('permission-denied');
    expect((await del(viewer.token, 'mine.txt')).statusCode).toBe(403);
    expect((await urlOf(viewer.token, 'mine.txt')).statusCode).toBe(200);
  });

  it('a downloaded HTML upload cannot run as the app (attachment or sandbox)', async () => {
    const html = '<script>fetch("/api/v1/me")</script>';
    expect((await put(owner.token, 'page.html', html, 'text/html')).statusCode).toBe(200);
    const dl = await t.app.inject({ method: 'GET', url: (await urlOf(owner.token, 'page.html')).json().url });
    expect(dl.statusCode).toBe(200);
    const inert =
      /^attachment/i.test(String(dl.headers['content-disposition'] ?? '')) ||
      /sandbox/.test(String(dl.headers['content-security-policy'] ?? ''));
    expect(inert).toBe(true);
  });
});
